//! diptych: read two narratives side by side. Parses the command line, runs
//! it, and turns any error into one line on stderr and exit status 2.

#![deny(clippy::unwrap_used)]

use clap::Parser;
use std::process::ExitCode;

/// Runs diptych and maps errors to exit status 2.
fn main() -> ExitCode {
    let cli = diptych::cli::Cli::parse();
    match diptych::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            // An error may quote a file (a keymap key, a people form): never raw.
            let message = e.to_string();
            eprintln!("diptych: {}", diptych::text::sanitize::sanitize(&message));
            ExitCode::from(2)
        }
    }
}
