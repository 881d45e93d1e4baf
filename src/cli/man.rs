//! `diptych man`: the manual page in roff, one page for the reader and
//! every command: clap_mangen's title, name, synopsis, description and
//! options, then the commands with their options (clap_mangen would point
//! to a page a command that is not shipped), the keys in effect as `?`
//! shows them, the files, the environment, the exit status and examples.

use super::args::Cli;
use clap::CommandFactory;
use std::fmt::Write as _;

/// The whole page.
pub fn page() -> std::io::Result<String> {
    let cmd = Cli::command();
    let man = clap_mangen::Man::new(cmd.clone());
    let mut buf: Vec<u8> = Vec::new();
    man.render_title(&mut buf)?;
    man.render_name_section(&mut buf)?;
    man.render_synopsis_section(&mut buf)?;
    man.render_description_section(&mut buf)?;
    man.render_options_section(&mut buf)?;
    let mut out = String::from_utf8_lossy(&buf).into_owned();
    out.push_str(&commands(&cmd));
    out.push_str(&keys());
    out.push_str(STATIC_SECTIONS);
    let mut version: Vec<u8> = Vec::new();
    man.render_version_section(&mut version)?;
    out.push_str(&String::from_utf8_lossy(&version));
    Ok(out)
}

/// Text made safe for roff: backslashes escaped, and a line that would
/// start with a control character (`.` or `'`) kept as text.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e")
        .lines()
        .map(|l| {
            if l.starts_with(['.', '\'']) {
                format!("\\&{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `.SH COMMANDS`: each command with what it does and its own options.
fn commands(cmd: &clap::Command) -> String {
    let mut out = String::from(".SH COMMANDS\n");
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let _ = writeln!(out, ".SS \"diptych {}\"", sub.get_name());
        if let Some(about) = sub.get_long_about().or(sub.get_about()) {
            let _ = writeln!(out, "{}", escape(&about.to_string()));
        }
        for nested in sub.get_subcommands() {
            let about = nested
                .get_about()
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(
                out,
                ".TP\n\\fBdiptych {} {}\\fR\n{}",
                sub.get_name(),
                nested.get_name(),
                escape(&about)
            );
        }
        for arg in sub
            .get_arguments()
            .filter(|a| !a.is_hide_set() && !a.is_global_set())
        {
            let name = match (arg.get_long(), arg.get_short()) {
                (Some(l), _) => format!("\\-\\-{l}"),
                (None, Some(s)) => format!("\\-{s}"),
                (None, None) => arg.get_id().to_string().to_uppercase(),
            };
            let value = arg
                .get_value_names()
                .and_then(|v| v.first())
                .filter(|_| arg.get_action().takes_values() && arg.get_long().is_some())
                .map(|v| format!(" \\fI{}\\fR", escape(v)))
                .unwrap_or_default();
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            let _ = writeln!(out, ".TP\n\\fB{name}\\fR{value}\n{}", escape(&help));
        }
    }
    out
}

/// `.SH KEYS`: the reader's keys in effect (the shipped keymap), as `?`
/// and `diptych keymap show` list them.
fn keys() -> String {
    let shown = diptych_reader::keymap::Keymap::default_keymap()
        .map(|k| k.show())
        .unwrap_or_default();
    format!(
        ".SH KEYS\nThe shipped keymap; a keymap.toml merges over it (see FILES). \\fBdiptych keymap show\\fR prints the keys in effect.\n.nf\n{}\n.fi\n",
        escape(&shown)
    )
}

/// The sections that do not depend on the command line.
const STATIC_SECTIONS: &str = r#".SH FILES
.TP
\fB$XDG_CONFIG_HOME/diptych/config.toml\fR
Settings (layout, sync, reading width, theme, mouse, paragraphs, languages); \fBdiptych config show\fR prints every one, documented, and \fBdiptych config check\fR checks the file.
.TP
\fB$XDG_CONFIG_HOME/diptych/keymap.toml\fR
Keys merged over the shipped keymap (or \fB\-\-keymap FILE\fR); \fBdiptych keymap check FILE\fR checks one.
.TP
\fB$XDG_CONFIG_HOME/diptych/\fR\fITHEME\fR\fB.toml\fR
A theme file named by \fB\-\-theme\fR or config.toml.
.TP
\fB$XDG_STATE_HOME/diptych/state.toml\fR
Where each pair was left (the reading places), the recent pairs and the marks; \fB\-\-no\-state\fR neither reads nor writes it.
.SH ENVIRONMENT
.TP
\fBXDG_CONFIG_HOME\fR, \fBXDG_STATE_HOME\fR
Where the files above are (default ~/.config and ~/.local/state).
.TP
\fBNO_COLOR\fR
Set and not empty: no colour (\fB\-\-color\fR overrides).
.TP
\fBCLICOLOR_FORCE\fR
Set and not 0: colour even when standard output is not a terminal.
.TP
\fBDIPTYCH_CORPUS\fR
For the project's own tests and benches only: the folder of real books they read.
.SH EXIT STATUS
.TP
\fB0\fR
Done; for \fBsearch\fR, something was found.
.TP
\fB1\fR
\fBsearch\fR found nothing (as grep).
.TP
\fB2\fR
An error, said in one line on standard error: a file that cannot be read, a bad option or setting.
.SH EXAMPLES
.TP
\fBdiptych\fR
Read the bundled pair.
.TP
\fBdiptych \-\-left war-and-peace.ru.txt \-\-right war-and-peace.en.txt\fR
Read a novel beside its translation.
.TP
\fBdiptych search 'pariz napoleon' \-\-json\fR
Sentences naming Paris and Napoleon in either account, in either script.
.TP
\fBdiptych \-\-left a.epub \-\-right b.txt related \-\-per\-paragraph 1\fR
Each paragraph's best counterpart, with the reasons.
.TP
\fBdiptych man | man \-l \-\fR
This page.
"#;
