//! Plays a battle in the terminal: `cargo run -p battaglie-tui --example play -- [battle] [--plain] [--hotseat] [--vs N] [--side S] [--load FILE] [--replay]`.

use battaglie_rules::Scenario;
use battaglie_tui::{run, Opponent, PlayOptions};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut battle = "washita".to_string();
    let mut options = PlayOptions::new(Scenario::builtin("washita").expect("built in"));
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--plain" => options.plain = true,
            "--hotseat" => options.opponent = Opponent::Hotseat,
            "--replay" => options.replay = true,
            "--vs" => {
                let level = args.next().and_then(|l| l.parse().ok()).unwrap_or(3);
                options.opponent = Opponent::Computer { level };
            }
            "--side" => options.human_side = args.next().unwrap_or_default().parse()?,
            "--load" => options.load = args.next().map(Into::into),
            other => battle = other.to_string(),
        }
    }
    options.scenario =
        Scenario::builtin(&battle).ok_or_else(|| anyhow::anyhow!("no battle {battle:?}"))?;
    run(options)
}
