//! Every stage proven by exhaustive search: it can be completed, its three-star budget is
//! the length of a shortest solution, and the stored solution is one.

use battaglie_learn::{lessons, shortest, Opponent, Run, Solved};

#[test]
fn every_stage_can_be_won_and_three_stars_is_a_shortest_solution() {
    let mut wrong = Vec::new();
    for lesson in lessons() {
        for (i, stage) in lesson.stages.iter().enumerate() {
            let name = format!("lesson {}, stage {}", lesson.id, i + 1);
            match shortest(&Run::new(stage)) {
                Solved::Moves(moves) => {
                    let n = moves.len() as u32;
                    if stage.stars[0] != n {
                        wrong.push(format!(
                            "{name}: three stars allow {} moves, a shortest solution takes {n}: {}",
                            stage.stars[0],
                            moves
                                .iter()
                                .map(|m| m.to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        ));
                    }
                    if stage.solution.len() as u32 != n {
                        wrong.push(format!(
                            "{name}: the stored solution takes {} moves, a shortest one {n}",
                            stage.solution.len()
                        ));
                    }
                }
                other => wrong.push(format!("{name}: cannot be completed ({other:?})")),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn where_the_opponent_does_nothing_it_only_ever_passes_on_the_solution() {
    for lesson in lessons() {
        for (i, stage) in lesson.stages.iter().enumerate() {
            if stage.opponent != Opponent::None {
                continue;
            }
            let mut run = Run::new(stage);
            for mv in &stage.solution {
                let played = run
                    .try_move(&mv.to_string(), battaglie_learn::Lang::En)
                    .unwrap_or_else(|r| {
                        panic!("lesson {}, stage {}: {}", lesson.id, i + 1, r.words)
                    });
                if let Some(reply) = played.reply {
                    assert!(
                        reply.is_pass(),
                        "lesson {}, stage {}: the opponent moved {reply}",
                        lesson.id,
                        i + 1
                    );
                }
            }
        }
    }
}
