//! `battaglie`: the command-line entry point.

mod cli;
mod engine;
mod scenarios;
mod show;

use clap::Parser;

fn main() -> anyhow::Result<()> {
    cli::Cli::parse().run()
}
