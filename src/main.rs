//! diptych: read two narratives side by side. Parses the command line, runs
//! it, and turns any error into one line on stderr and exit status 2.

use clap::Parser;
use std::process::ExitCode;

/// Runs diptych and maps errors to exit status 2.
fn main() -> ExitCode {
    let cli = match diptych::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // The message may quote an argument (a file name with escapes
            // in it): never raw, and one line.
            let message = e.to_string();
            let first = message
                .lines()
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            eprintln!(
                "diptych: {}; see diptych --help",
                diptych::text::sanitize::sanitize(first)
            );
            return ExitCode::from(2);
        }
    };
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
