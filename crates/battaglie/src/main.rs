//! `battaglie`: the command-line entry point.

mod analyze;
mod bench;
mod cli;
mod data;
mod engine;
mod ladder;
mod matches;
mod nnuedata;
mod out;
mod records;
mod scenarios;
mod serve;
mod show;
mod tablebase;
mod tune;
mod winchance;

use std::process::ExitCode;

use clap::Parser;

// The server answers thousands of moves a second, each building and dropping
// many small strings; the system allocator took a sixth of its time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match cli::Cli::parse().run() {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): nothing more to say to anyone.
        Err(e) if out::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // The chain of causes on one line, without a backtrace: users read this.
            eprintln!("battaglie: {e:#}");
            ExitCode::FAILURE
        }
    }
}
