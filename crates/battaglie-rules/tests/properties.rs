//! Properties of positions, moves, notation and records over random positions:
//! positions reached by random legal moves from the conformance scenarios' starts,
//! and random placements written as BFEN. Random text never makes a parser panic.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use battaglie_rules::record::Record;
use battaglie_rules::{Bfen, Game, Kind, Move, MoveText, Position, Rng, Scenario, Side, Square};
use proptest::prelude::*;

const SOURCES: [(&str, &str); 3] = [
    ("c-small.toml", include_str!("conformance/c-small.toml")),
    ("c-rules.toml", include_str!("conformance/c-rules.toml")),
    ("c-pass.toml", include_str!("conformance/c-pass.toml")),
];

fn scenarios() -> &'static [Arc<Scenario>] {
    static ALL: OnceLock<Vec<Arc<Scenario>>> = OnceLock::new();
    ALL.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(name, text)| Scenario::from_toml(name, text).unwrap())
            .collect()
    })
}

/// Every property of a single position.
fn check_position(p: &Position) -> Result<(), TestCaseError> {
    let s = p.scenario();
    // BFEN: print -> parse -> print is the identity, and gives back the same position.
    let text = p.to_string();
    let bfen: Bfen = text
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(bfen.to_string(), text.clone());
    prop_assert_eq!(&bfen, &p.bfen());
    let again =
        Position::from_bfen(s, &text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(&again, p);
    prop_assert_eq!(again.hash(), p.hash());
    prop_assert_eq!(p.hash(), p.compute_hash(), "{}", text);

    let legal = p.legal_moves();
    prop_assert_eq!(p.count_moves(), legal.len() as u64, "{}", text);
    let distinct: HashSet<Move> = legal.iter().copied().collect();
    prop_assert_eq!(distinct.len(), legal.len(), "duplicate moves in {}", text);
    let printed: HashSet<String> = legal.iter().map(|m| m.to_string()).collect();
    prop_assert_eq!(printed.len(), legal.len(), "duplicate notation in {}", text);
    // No moves exactly when the position ends the game; pass only alone.
    prop_assert_eq!(legal.is_empty(), p.outcome().is_some(), "{}", text);
    if legal.iter().any(|m| m.is_pass()) {
        prop_assert_eq!(legal.len(), 1, "pass among other moves in {}", text);
    }
    for mv in &legal {
        let written = mv.to_string();
        // Canonical: groups by destination file (staging first), then rank.
        let keys: Vec<(Option<u8>, u8)> = mv.groups().map(|g| (g.to.file(), g.to.rank())).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        prop_assert_eq!(&keys, &sorted, "{} in {}", written, text);
        let parsed = p
            .parse_move(&written)
            .map_err(|e| TestCaseError::fail(format!("{written} in {text}: {e}")))?;
        prop_assert_eq!(parsed, *mv);
        prop_assert_eq!(parsed.to_string(), written.clone());
        prop_assert!(
            p.check_move(mv).is_ok(),
            "{} in {}: {:?}",
            written,
            text,
            p.check_move(mv)
        );
        let mut q = p.clone();
        let undo = q.play_unchecked(mv);
        prop_assert_eq!(q.hash(), q.compute_hash(), "{} in {}", written, text);
        prop_assert_eq!(q.side_to_move(), !p.side_to_move());
        prop_assert_eq!(q.quiet(), if mv.is_capture() { 0 } else { p.quiet() + 1 });
        // The position after a legal move is a valid position.
        let after = q.to_string();
        let reread = Position::from_bfen(s, &after)
            .map_err(|e| TestCaseError::fail(format!("{written} in {text} gives {after}: {e}")))?;
        prop_assert_eq!(&reread, &q);
        q.undo(mv, undo);
        prop_assert_eq!(&q, p, "{} in {}", written, text);
        prop_assert_eq!(q.hash(), p.hash());
        prop_assert_eq!(q.to_string(), text.clone());
    }
    Ok(())
}

/// Plays up to `plies` random legal moves from `start`, checking every position
/// and the game's bookkeeping on the way.
fn walk(start: Position, seed: u64, plies: usize) -> Result<Game, TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(start);
    for _ in 0..plies {
        check_position(game.position())?;
        let moves = game.legal_moves();
        if moves.is_empty() {
            prop_assert!(game.is_over());
            break;
        }
        prop_assert!(!game.is_over());
        // Packed moves read back as the same move, printing the same.
        for m in &moves {
            let back = Move::from_bits(m.to_bits());
            prop_assert_eq!(back, Some(*m));
            prop_assert_eq!(back.map(|b| b.to_string()), Some(m.to_string()));
        }
        let mv = moves[rng.below(moves.len())];
        let before = game.position().clone();
        game.try_play(&mv)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let mut replayed = before.clone();
        replayed.play(&mv);
        prop_assert_eq!(&replayed, game.position());
        prop_assert_eq!(
            replayed.turn(),
            before.turn() + u32::from(before.side_to_move() == Side::Indians)
        );
    }
    check_position(game.position())?;
    Ok(game)
}

/// A random valid placement for `s` in BFEN, with non-canonical spellings mixed in,
/// and the canonical text it must print as.
fn random_bfen(s: &Scenario, rng: &mut Rng) -> (String, String) {
    let limit = s.rules().stack_limit() as usize;
    let letters = |rng: &mut Rng, allowed: &[char], n: usize| -> Vec<char> {
        (0..n).map(|_| allowed[rng.below(allowed.len())]).collect()
    };
    let canonical_stack = |chars: &[char]| -> String {
        let mut sorted: Vec<char> = chars.to_vec();
        sorted.sort_by_key(|c| "FMVfmv".find(*c).unwrap());
        sorted.into_iter().collect()
    };
    let (mut written, mut canonical) = (Vec::new(), Vec::new());
    for r in (0..s.height()).rev() {
        let (mut w, mut c) = (String::new(), String::new());
        if rng.chance(30) {
            let n = 1 + rng.below(limit);
            let st = letters(rng, &['F', 'M', 'V'], n);
            w.extend(st.iter());
            c.push_str(&canonical_stack(&st));
        }
        w.push('|');
        c.push('|');
        let (mut run_w, mut run_c) = (0, 0);
        for f in 0..s.width() {
            let terrain = s.terrain(Square::new(f, r)).unwrap();
            let allowed: Vec<char> = terrain.enter.iter().map(|k| k.char()).collect();
            if allowed.is_empty() || !rng.chance(40) {
                run_w += 1;
                run_c += 1;
                continue;
            }
            let army = rng.chance(50);
            let n = 1 + rng.below(limit);
            let mut st = letters(rng, &allowed, n);
            if !army {
                st.iter_mut().for_each(|ch| *ch = ch.to_ascii_lowercase());
            }
            if run_w > 0 {
                w.push_str(&run_w.to_string());
                run_w = 0;
            }
            if run_c > 0 {
                c.push_str(&run_c.to_string());
                run_c = 0;
            }
            let canon = canonical_stack(&st);
            if n == 1 {
                c.push_str(&canon);
                if rng.chance(20) {
                    w.push('(');
                    w.push(st[0]);
                    w.push(')');
                } else {
                    w.push(st[0]);
                }
            } else {
                c.push('(');
                c.push_str(&canon);
                c.push(')');
                w.push('(');
                w.extend(st.iter());
                w.push(')');
            }
        }
        if run_w > 0 {
            w.push_str(&run_w.to_string());
        }
        if run_c > 0 {
            c.push_str(&run_c.to_string());
        }
        written.push(w);
        canonical.push(c);
    }
    let side = if rng.chance(50) { 'A' } else { 'I' };
    let quiet = rng.below(s.rules().quiet_limit() as usize + 3);
    let turn = 1 + rng.below(1000);
    let side_w = if rng.chance(20) {
        side.to_ascii_lowercase()
    } else {
        side
    };
    (
        format!("{} {side_w} {quiet} {turn}", written.join("/")),
        format!("{} {side} {quiet} {turn}", canonical.join("/")),
    )
}

/// A random move text from an Army or Indian stack of `p`: random kinds (at most
/// `max_group` per group) to random neighbours, random case, order and separators.
fn random_move_text(p: &Position, rng: &mut Rng, max_group: usize) -> Option<String> {
    let s = p.scenario();
    let squares: Vec<Square> = p
        .squares_of(Side::Army)
        .chain(p.squares_of(Side::Indians))
        .collect();
    if squares.is_empty() {
        return None;
    }
    let from = squares[rng.below(squares.len())];
    let mut targets: Vec<String> = s.neighbours(from).map(|q| q.to_string()).collect();
    if rng.chance(10) {
        // Sometimes a square that is not a neighbour, or not on the map.
        targets.push(["@1", "a1", "d3", "e1", "b4", "p16"][rng.below(6)].to_string());
    }
    let mut groups = Vec::new();
    for t in targets {
        if !rng.chance(50) {
            continue;
        }
        let n = 1 + rng.below(max_group);
        let kinds: String = (0..n)
            .map(|_| ['F', 'M', 'V', 'f', 'm', 'v'][rng.below(6)])
            .collect();
        let sep = ['-', 'x', 'X'][rng.below(3)];
        let dest = if rng.chance(10) { t.to_uppercase() } else { t };
        groups.push(format!("{kinds}{sep}{dest}"));
    }
    if groups.is_empty() {
        return Some("pass".into());
    }
    // Shuffle the groups.
    for i in (1..groups.len()).rev() {
        groups.swap(i, rng.below(i + 1));
    }
    Some(format!("{from}:{}", groups.join(",")))
}

/// The canonical form the move text must have if it is legal, without asking the
/// engine: kinds upper case and ordered, groups by destination, `x` on enemies.
fn expected_canonical(p: &Position, text: &str) -> Option<String> {
    if text == "pass" {
        return Some(text.into());
    }
    let (from, rest) = text.split_once(':')?;
    let mut groups: Vec<(Square, String)> = Vec::new();
    for g in rest.split(',') {
        let at = g.find(['-', 'x', 'X'])?;
        let to: Square = g[at + 1..].parse().ok()?;
        let mut kinds: Vec<char> = g[..at].chars().map(|c| c.to_ascii_uppercase()).collect();
        kinds.sort_by_key(|c| "FMV".find(*c).unwrap());
        let enemy = matches!(p.stack(to), Some((side, _)) if side != p.side_to_move());
        let kinds: String = kinds.into_iter().collect();
        groups.push((to, format!("{kinds}{}{to}", if enemy { 'x' } else { '-' })));
    }
    groups.sort_by_key(|(to, _)| (to.file(), to.rank()));
    let body: Vec<String> = groups.into_iter().map(|(_, g)| g).collect();
    Some(format!("{}:{}", from.to_lowercase(), body.join(",")))
}

fn move_text_agrees_with_the_legal_list(p: &Position, text: &str) -> Result<(), TestCaseError> {
    let legal: HashSet<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    let expected = expected_canonical(p, text);
    match p.parse_move(text) {
        Ok(mv) => {
            prop_assert!(
                legal.contains(&mv.to_string()),
                "{} accepted as {} in {}, which is not a legal move",
                text,
                mv,
                p
            );
            prop_assert_eq!(Some(mv.to_string()), expected, "{} in {}", text, p);
            prop_assert!(p.check_move(&mv).is_ok());
            let mut q = p.clone();
            let undo = q.play_unchecked(&mv);
            prop_assert_eq!(q.hash(), q.compute_hash());
            q.undo(&mv, undo);
            prop_assert_eq!(&q, p);
        }
        Err(e) => {
            if let Some(exp) = expected {
                prop_assert!(
                    !legal.contains(&exp),
                    "{} refused in {} ({}), but {} is legal",
                    text,
                    p,
                    e,
                    exp
                );
            }
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

fn scenario_index() -> impl Strategy<Value = usize> {
    0..SOURCES.len()
}

/// Text that looks a little like the notations, to get past the first checks.
fn notation_like() -> impl Strategy<Value = String> {
    "[FMVfmv()|/0-9 AIai@a-eA-E:,xX\\-\\[\\]\"{}*.]{0,60}"
}

/// Every parser, on any text: none may panic.
fn parse_everything(text: &str) {
    let _ = text.parse::<Bfen>();
    let _ = text.parse::<MoveText>();
    let _ = text.parse::<Square>();
    let _ = Record::from_json(text);
    let _ = text.parse::<Record>();
    let _ = Scenario::from_toml("fuzz.toml", text);
    for s in scenarios() {
        let _ = Position::from_bfen(s, text);
        let start = Position::start(s);
        let _ = start.parse_move(text);
    }
    let mid = Position::from_bfen(&scenarios()[1], "F|1Mmm/M|(FV)1(fv)f/|MF2 I 13 7").unwrap();
    let _ = mid.parse_move(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_every_position_consistent(
        scenario in scenario_index(),
        seed in any::<u64>(),
        plies in 0usize..80,
    ) {
        let s = &scenarios()[scenario];
        walk(Position::start(s), seed, plies)?;
    }

    #[test]
    fn random_placements_print_canonically_and_stay_consistent(
        scenario in scenario_index(),
        seed in any::<u64>(),
        plies in 0usize..20,
    ) {
        let s = &scenarios()[scenario];
        let mut rng = Rng::new(seed);
        let (written, canonical) = random_bfen(s, &mut rng);
        let p = Position::from_bfen(s, &written)
            .map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(p.to_string(), canonical.clone(), "read from {}", written);
        let b: Bfen = written.parse().unwrap();
        prop_assert_eq!(b.to_string(), canonical);
        walk(p, rng.next_u64(), plies)?;
    }

    #[test]
    fn records_of_random_games_round_trip_and_replay(
        scenario in scenario_index(),
        seed in any::<u64>(),
        plies in 0usize..60,
        from_placement in any::<bool>(),
        settle in 0u8..4,
    ) {
        let s = &scenarios()[scenario];
        let mut rng = Rng::new(seed);
        let start = if from_placement {
            Position::from_bfen(s, &random_bfen(s, &mut rng).0).unwrap()
        } else {
            Position::start(s)
        };
        let mut game = Game::new(start);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(&moves[rng.below(moves.len())]);
        }
        match settle {
            0 => { let _ = game.resign(Side::Army); }
            1 => { let _ = game.agree_draw(); }
            _ => {}
        }
        let record = Record::from_game(&game, "Custer", "Crazy \"Horse\" \\", Some("1876-06-25"));
        let json = record.to_json();
        let from_json = Record::from_json(&json)
            .map_err(|e| TestCaseError::fail(format!("{json}: {e}")))?;
        prop_assert_eq!(&from_json, &record);
        let text = record.to_string();
        let from_text: Record = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&from_text, &record);
        let replayed = record
            .replay(s)
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.outcome(), game.outcome());
        prop_assert_eq!(replayed.moves().len(), game.moves().len());
    }

    #[test]
    fn written_moves_are_accepted_exactly_when_legal(
        scenario in scenario_index(),
        seed in any::<u64>(),
        plies in 0usize..40,
        tries in 1usize..30,
    ) {
        let s = &scenarios()[scenario];
        let mut rng = Rng::new(seed);
        let mut p = Position::start(s);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(&moves[rng.below(moves.len())]);
        }
        for _ in 0..tries {
            // At most 3 pieces per group: the sums stay below 16 of a kind.
            if let Some(text) = random_move_text(&p, &mut rng, 3) {
                move_text_agrees_with_the_legal_list(&p, &text)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsers_never_panic_on_any_string(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn parsers_never_panic_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parsers_never_panic_on_notation_like_text(text in notation_like()) {
        parse_everything(&text);
    }

    #[test]
    fn parsers_never_panic_on_mutated_valid_inputs(
        which in 0usize..5,
        at in any::<prop::sample::Index>(),
        cut in 0usize..8,
        insert in notation_like(),
    ) {
        let base: String = match which {
            0..=2 => SOURCES[which].1.to_string(),
            3 => Record::from_game(
                &Game::new(Position::start(&scenarios()[0])), "a", "b", None,
            ).to_json(),
            _ => "[Scenario \"c-small\"]\n[Result \"ongoing\"]\n\n1. @1:FV-a1 d1:F-c1 *\n".into(),
        };
        let mut chars: Vec<char> = base.chars().collect();
        let i = at.index(chars.len() + 1);
        let end = (i + cut).min(chars.len());
        chars.splice(i..end, insert.chars());
        let text: String = chars.into_iter().collect();
        parse_everything(&text);
        // A scenario that still loads has a start position that round-trips.
        if let Ok(s) = Scenario::from_toml("mutated.toml", &text) {
            let p = Position::start(&s);
            prop_assert_eq!(Position::from_bfen(&s, &p.to_string()).unwrap(), p);
        }
        // A record that still reads prints back to an equal record.
        if let Ok(r) = Record::from_json(&text) {
            prop_assert_eq!(Record::from_json(&r.to_json()).unwrap(), r);
        }
        if let Ok(r) = text.parse::<Record>() {
            let printed = r.to_string();
            let back = printed.parse::<Record>()
                .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
            prop_assert_eq!(back, r);
        }
    }
}

/// A move text sending `total` pieces of one kind from one stack of the side to move,
/// spread over its neighbours (at most 15 per group): more than the stack holds.
fn greedy_move_text(
    p: &Position,
    rng: &mut Rng,
    extra: std::ops::RangeInclusive<usize>,
) -> Option<String> {
    let s = p.scenario();
    let squares: Vec<Square> = p.squares_of(p.side_to_move()).collect();
    if squares.is_empty() {
        return None;
    }
    let from = squares[rng.below(squares.len())];
    let (_, stack) = p.stack(from)?;
    let kind = Kind::ALL[rng.below(3)];
    let total =
        stack.count(kind) as usize + extra.start() + rng.below(extra.end() - extra.start() + 1);
    let mut targets: Vec<Square> = s.neighbours(from).collect();
    for i in (1..targets.len()).rev() {
        targets.swap(i, rng.below(i + 1));
    }
    if targets.is_empty() || total > 15 * targets.len() {
        return None;
    }
    // Spread `total` over the targets, at most 15 each, every group non-empty
    // when possible.
    let mut counts = vec![0usize; targets.len()];
    let mut left = total;
    for (i, c) in counts.iter_mut().enumerate() {
        let rest = targets.len() - i - 1;
        let most = left.min(15);
        let least = left.saturating_sub(15 * rest).max(usize::from(left > 0));
        *c = if most <= least {
            least
        } else {
            least + rng.below(most - least + 1)
        };
        left -= *c;
    }
    let groups: Vec<String> = targets
        .iter()
        .zip(&counts)
        .filter(|(_, &n)| n > 0)
        .map(|(t, &n)| format!("{}-{t}", kind.char().to_string().repeat(n)))
        .collect();
    Some(format!("{from}:{}", groups.join(",")))
}

fn greedy_moves_are_refused(
    scenario: usize,
    seed: u64,
    tries: usize,
    extra: std::ops::RangeInclusive<usize>,
) -> Result<(), TestCaseError> {
    let s = &scenarios()[scenario];
    let mut rng = Rng::new(seed);
    let p = Position::from_bfen(s, &random_bfen(s, &mut rng).0).unwrap();
    for _ in 0..tries {
        if let Some(text) = greedy_move_text(&p, &mut rng, extra.clone()) {
            if let Ok(mv) = p.parse_move(&text) {
                return Err(TestCaseError::fail(format!(
                    "{text} takes more pieces than the square holds, yet was accepted as {mv} in {p}"
                )));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn moves_taking_more_pieces_than_the_square_holds_are_refused(
        scenario in scenario_index(),
        seed in any::<u64>(),
        tries in 1usize..40,
    ) {
        greedy_moves_are_refused(scenario, seed, tries, 1..=4)?;
    }

    /// Sixteen or more pieces of a kind in all.
    #[test]
    fn moves_taking_sixteen_or_more_pieces_are_refused(
        scenario in scenario_index(),
        seed in any::<u64>(),
        tries in 1usize..40,
    ) {
        greedy_moves_are_refused(scenario, seed, tries, 16..=24)?;
    }
}
