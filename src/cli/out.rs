//! Writing a command's report to standard output.

use diptych_core::error::{Error, Result};
use std::io::Write;

/// A write to standard output: one that failed because the reader went away
/// (`| head`) is not an error, and any other failure of the writing is
/// standard output's, never the terminal's.
pub fn ok<E: Into<Error>>(r: std::result::Result<(), E>) -> Result<()> {
    match r.map_err(Into::into) {
        Err(Error::Output(e) | Error::Terminal(e))
            if e.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            Ok(())
        }
        Err(Error::Terminal(e)) => Err(Error::Output(e)),
        other => other,
    }
}

/// Writes `text` to standard output (a closed pipe is not an error).
pub fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    ok(out.write_all(text.as_bytes()))?;
    ok(out.flush())
}

/// Prints a command's report, as JSON (a document and a line end) or as
/// lines, and says the command is done.
pub fn report(
    json: bool,
    as_json: impl FnOnce() -> String,
    as_lines: impl FnOnce() -> String,
) -> Result<std::process::ExitCode> {
    if json {
        print(&(as_json() + "\n"))?;
    } else {
        print(&as_lines())?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}
