//! The rules in brief and the battle's notes as paragraphs of plain text: the
//! help screen draws them, the line mode's `rules` and `notes` read them out.

use battaglie_rules::{Scenario, Side};

/// The rules in brief, a paragraph each.
pub(crate) fn rules(s: &Scenario) -> Vec<String> {
    vec![
        "The Army (upper-case letters) moves first, riding in from the staging squares (@) west of file a; the Indians (lower case) start on the east edge. F is Foot, M Mounted, V Vehicle.".to_string(),
        "A move takes one or more pieces from ONE square, each one step north, east, south or west, never diagonally; the pieces may split up between neighbours. Pieces in staging only step east onto file a.".to_string(),
        format!(
            "No square may hold more than {} pieces. Only Foot may enter houses; other terrain as the legend says.",
            s.rules().stack_limit()
        ),
        "Moving onto an enemy stack eliminates the whole stack, if every enemy piece there can be eliminated by one of the arriving pieces: Foot eliminate only Foot; Mounted and Vehicles eliminate anything.".to_string(),
        format!(
            "A side with no pieces left loses. A side with no legal move passes. Draws: neither side can move, the same position a third time, or {} moves in a row without an elimination (each side's move counts one; a turn is the Army's move and the Indians' reply). A player may resign.",
            s.rules().quiet_limit()
        ),
    ]
}

/// The battle's heading and who fights it.
pub(crate) fn battle(s: &Scenario) -> [String; 2] {
    [
        format!("The battle: {} ({})", s.name(), s.date()),
        format!(
            "Army: {}. Indians: {}.",
            s.side_name(Side::Army),
            s.side_name(Side::Indians)
        ),
    ]
}

/// The battle's notes: each heading with its paragraphs (empty notes left out).
pub(crate) fn notes(s: &Scenario) -> Vec<(&'static str, Vec<String>)> {
    [
        ("Summary", &s.notes().summary),
        ("History", &s.notes().history),
    ]
    .into_iter()
    .filter(|(_, body)| !body.trim().is_empty())
    .map(|(head, body)| {
        let paragraphs = body
            .split("\n\n")
            .map(|para| para.trim().replace('\n', " "))
            .filter(|para| !para.is_empty())
            .collect();
        (head, paragraphs)
    })
    .collect()
}
