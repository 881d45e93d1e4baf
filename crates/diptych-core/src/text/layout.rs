//! How a file's lines make paragraphs, decided per file.
//!
//! Texts come in three layouts: one paragraph a line (the bundled pair,
//! many Russian e-texts), hard-wrapped lines with blank lines between
//! paragraphs (Project Gutenberg and most plain-text books), and hard-wrapped
//! lines whose paragraphs open with an indented line and no blank line. The
//! choice is made from the lines' widths, blank lines and indentation (see
//! [`decide`]); a file that fits none of them is read a paragraph a line.
//!
//! Inside a paragraph of joined lines, each line end becomes a [`Break`]: a
//! space, nothing (after a hyphen at the line end before a lowercase
//! letter: the hyphen is kept as written) or a kept line break. A line break
//! is kept where the next line's first word would have fitted on the line
//! (so the author broke it, not the wrapping: verse, lists, addresses) and
//! before a list item.

use super::lines::{Line, line_iter};
use super::{Break, BreakKind};
use std::ops::Range;

/// How paragraphs were found in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParagraphLayout {
    /// Every non-empty line is a paragraph.
    Lines,
    /// Blocks of lines between blank lines are paragraphs; lines are joined.
    Blank,
    /// An indented line opens a paragraph (so does a blank line); lines are joined.
    Indented,
    /// Paragraphs come from an EPUB's XHTML.
    Epub,
    /// Paragraphs are a Markdown file's blocks.
    Markdown,
}

impl ParagraphLayout {
    /// The name used by `--paragraphs` and `diptych paragraphs`.
    pub fn name(self) -> &'static str {
        match self {
            ParagraphLayout::Lines => "lines",
            ParagraphLayout::Blank => "blank",
            ParagraphLayout::Indented => "indented",
            ParagraphLayout::Epub => "epub",
            ParagraphLayout::Markdown => "markdown",
        }
    }

    /// What the layout means, for people.
    pub fn describe(self) -> &'static str {
        match self {
            ParagraphLayout::Lines => "one paragraph per line",
            ParagraphLayout::Blank => "blank-line blocks, wrapped lines joined",
            ParagraphLayout::Indented => "indented first lines, wrapped lines joined",
            ParagraphLayout::Epub => "the EPUB's own paragraphs",
            ParagraphLayout::Markdown => "the Markdown's blocks",
        }
    }
}

/// What `--paragraphs` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Choice {
    /// Decide per file.
    #[default]
    Auto,
    /// One paragraph per non-empty line.
    Lines,
    /// Blank-line-separated blocks.
    Blank,
}

crate::named_choices!(Choice, "paragraph layout", [
    "auto" => Choice::Auto,
    "lines" => Choice::Lines,
    "blank" => Choice::Blank,
]);

/// Lines wider than this are not hard-wrapped prose.
const MAX_WRAP: usize = 100;
/// A block of this many lines on average is not one paragraph.
const LONG_BLOCK: f64 = 12.0;
/// Blocks this long on average are chapters or whole files, not
/// paragraphs: the file is not laid out by blank lines.
const MAX_BLOCK: f64 = 60.0;
/// Lines of wrapped prose are this long, typically (half of them at least).
const MIN_MEDIAN: usize = 20;
/// Cells of slack when deciding that a line was broken early.
const SLACK: usize = 2;

/// Paragraph spans and the breaks inside them, in order.
#[derive(Debug, Clone, Default)]
pub struct Split {
    /// Each paragraph's span, trimmed of the white space around it.
    pub paragraphs: Vec<Range<usize>>,
    /// Line ends inside paragraphs, sorted.
    pub breaks: Vec<Break>,
}

/// How many lines the layout is decided from (the file's first ones): the
/// decision reads widths, blank lines and indentation, which a file shows
/// in its first lines as well as in all of them, and a book of millions of
/// one-line paragraphs is then never held as a list of its lines.
const SAMPLE_LINES: usize = 200_000;

/// Splits `range` of `text` into paragraphs as `choice` says, and returns
/// the layout used. The layout, the wrap width and the base indentation
/// are read from the first 200,000 lines; the paragraphs are then
/// made in one pass over all of them, holding one paragraph's lines at a
/// time.
pub fn split(text: &str, range: Range<usize>, choice: Choice) -> (ParagraphLayout, Split) {
    let mut rest = line_iter(text, range);
    let sample: Vec<Line> = rest.by_ref().take(SAMPLE_LINES).collect();
    let layout = match choice {
        Choice::Lines => ParagraphLayout::Lines,
        Choice::Blank => ParagraphLayout::Blank,
        Choice::Auto => decide(&sample),
    };
    let sample_groups = groups(&sample, layout);
    let wrap = wrap_width(&sample, &sample_groups);
    let verse_file = mostly_verse(text, &sample, &sample_groups);
    let base = base_indent(&sample);
    let mut out = Split::default();
    let mut group: Vec<Line> = Vec::new();
    let mut prev: Option<Line> = None;
    for l in sample.into_iter().chain(rest) {
        let opens = match layout {
            ParagraphLayout::Lines | ParagraphLayout::Epub | ParagraphLayout::Markdown => true,
            ParagraphLayout::Blank => false,
            ParagraphLayout::Indented => {
                l.indent() > base
                    && prev
                        .as_ref()
                        .is_some_and(|p| p.indent() <= base && !p.is_blank())
            }
        };
        if (l.is_blank() || opens) && !group.is_empty() {
            paragraph(text, &group, (wrap, verse_file), &mut out);
            group.clear();
        }
        if !l.is_blank() {
            group.push(l);
        }
        prev = Some(l);
    }
    if !group.is_empty() {
        paragraph(text, &group, (wrap, verse_file), &mut out);
    }
    (layout, out)
}

/// Adds the paragraph made of `ls` (consecutive lines) and its breaks;
/// `wrap` is the file's wrap width, `verse_file` true in a file of verse.
fn paragraph(text: &str, ls: &[Line], (wrap, verse_file): (usize, bool), out: &mut Split) {
    let (Some(first), Some(last)) = (ls.first(), ls.last()) else {
        return;
    };
    out.paragraphs.push(first.content_start..last.content_end);
    // A line ending short of the wrap width is a break the writer made
    // (verse, an address, a list) only where such lines are every line
    // but the last, or half the paragraph and two of them at least; one
    // short line in prose is the wrapping's whim (War and Peace's "Today
    // is Wednesday. I" / "must put in an appearance there", the first of
    // three lines).
    let kinds: Vec<BreakKind> = ls
        .windows(2)
        .map(|w| break_kind(text, &w[0], &w[1], wrap))
        .collect();
    let short = kinds.iter().filter(|k| **k == BreakKind::Line).count();
    // Verse as long as the prose keeps every line end, short or not.
    let looks_verse = looks_like_verse(text, ls) || (verse_file && capitalised_lines(text, ls));
    // Of two lines, the first must end well short (a couplet's "Roses are
    // red,"), not a word short ("… Lavater would have said I" / "lack
    // the bump of paternity.").
    let all_short =
        short > 0 && short == kinds.len() && (kinds.len() >= 2 || ls[0].chars * 4 <= wrap * 3);
    let verse = all_short || (short >= 2 && short * 2 >= kinds.len()) || looks_verse;
    for (pair, mut kind) in ls.windows(2).zip(kinds) {
        if kind == BreakKind::Line && !verse && !is_list_item(&text[pair[1].content()]) {
            kind = BreakKind::Space;
        }
        if kind == BreakKind::Space && looks_verse {
            kind = BreakKind::Line;
        }
        out.breaks.push(Break {
            span: pair[0].content_end..pair[1].content_start,
            kind,
        });
    }
}

/// True for a paragraph whose lines read as verse though they are as long
/// as the file's wrapped prose (Pan Tadeusz's alexandrines): three lines or
/// more, three in four of them opening with a capital, and two in five
/// ending with punctuation. Wrapped prose opens a line with a capital only
/// where a sentence happens to start there, and ends one mid-clause.
fn looks_like_verse(text: &str, ls: &[Line]) -> bool {
    if ls.len() < 3 {
        return false;
    }
    let ends_punctuated = |l: &Line| {
        text[l.content()]
            .trim_end()
            .chars()
            .next_back()
            .is_some_and(|c| {
                matches!(
                    c,
                    ',' | ';' | ':' | '.' | '!' | '?' | ')' | '»' | '”' | '"' | '—' | '–' | '-'
                )
            })
    };
    let rest = &ls[1..];
    let capitals = rest.iter().filter(|l| opens_capital(text, l)).count();
    let ends = ls[..ls.len() - 1]
        .iter()
        .filter(|l| ends_punctuated(l))
        .count();
    capitals * 4 >= rest.len() * 3 && ends * 5 >= (ls.len() - 1) * 2
}

/// True when most paragraphs of three lines or more in `groups` read as
/// verse: then lines opening with capitals are enough (a couplet, not
/// prose that wrapped once).
fn mostly_verse(text: &str, lines: &[Line], groups: &[Range<usize>]) -> bool {
    let long: Vec<&Range<usize>> = groups.iter().filter(|g| g.len() >= 3).collect();
    let verse = long
        .iter()
        .filter(|g| looks_like_verse(text, &lines[g.start..g.end]))
        .count();
    !long.is_empty() && verse * 2 > long.len()
}

/// Two lines or more, three in four after the first opening with a
/// capital (in a file of verse, that is enough: a couplet, a stanza whose
/// lines end without punctuation).
fn capitalised_lines(text: &str, ls: &[Line]) -> bool {
    let rest = &ls[1.min(ls.len())..];
    let capitals = rest.iter().filter(|l| opens_capital(text, l)).count();
    !rest.is_empty() && capitals * 4 >= rest.len() * 3
}

/// True for a line whose first letter or digit is a capital.
fn opens_capital(text: &str, l: &Line) -> bool {
    text[l.content()]
        .chars()
        .find(|c| c.is_alphanumeric())
        .is_some_and(char::is_uppercase)
}

/// The least indentation of the non-blank `lines`.
fn base_indent(lines: &[Line]) -> usize {
    lines
        .iter()
        .filter(|l| !l.is_blank())
        .map(Line::indent)
        .min()
        .unwrap_or(0)
}

/// Chooses the layout of a file from its lines.
pub fn decide(lines: &[Line]) -> ParagraphLayout {
    let full: Vec<&Line> = lines.iter().filter(|l| !l.is_blank()).collect();
    if full.len() < 4 {
        return ParagraphLayout::Lines;
    }
    let mut widths: Vec<usize> = full.iter().map(|l| l.chars).collect();
    widths.sort_unstable();
    let p95 = widths[(widths.len() * 95 / 100).min(widths.len() - 1)];
    let long = widths.iter().filter(|&&w| w > MAX_WRAP + 20).count();
    let median = widths[widths.len() / 2];
    let wrapped = p95 <= MAX_WRAP && long * 50 <= full.len() && median >= MIN_MEDIAN;
    if !wrapped {
        return ParagraphLayout::Lines;
    }
    let blank_groups = groups(lines, ParagraphLayout::Blank);
    let in_blocks: usize = blank_groups
        .iter()
        .filter(|g| g.len() >= 2)
        .map(ExactSizeIterator::len)
        .sum();
    let mean_block = full.len() as f64 / blank_groups.len().max(1) as f64;
    let base = base_indent(lines);
    let indented_starts = lines
        .windows(2)
        .filter(|w| !w[0].is_blank() && w[1].indent() > base && w[0].indent() <= base)
        .count();
    // Blocks of hundreds of lines are not paragraphs: a file with (almost)
    // no blank lines is not laid out by them.
    let blocks_are_paragraphs = mean_block <= MAX_BLOCK;
    if mean_block >= LONG_BLOCK && indented_starts >= 3 && indented_starts * 40 >= full.len() {
        ParagraphLayout::Indented
    } else if in_blocks * 10 >= full.len() * 4 && blocks_are_paragraphs {
        ParagraphLayout::Blank
    } else {
        ParagraphLayout::Lines
    }
}

/// The line ranges (indexes into `lines`) that make paragraphs.
fn groups(lines: &[Line], layout: ParagraphLayout) -> Vec<Range<usize>> {
    let base = base_indent(lines);
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, l) in lines.iter().enumerate() {
        let opens = match layout {
            ParagraphLayout::Lines | ParagraphLayout::Epub | ParagraphLayout::Markdown => true,
            ParagraphLayout::Blank => false,
            ParagraphLayout::Indented => {
                l.indent() > base
                    && i > 0
                    && lines[i - 1].indent() <= base
                    && !lines[i - 1].is_blank()
            }
        };
        if (l.is_blank() || opens)
            && let Some(s) = start.take()
        {
            out.push(s..i);
        }
        if !l.is_blank() && start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(s..lines.len());
    }
    out
}

/// The width the text was wrapped at: nearly the widest of the lines that
/// were wrapped (not the last line of a paragraph).
fn wrap_width(lines: &[Line], groups: &[Range<usize>]) -> usize {
    let mut widths: Vec<usize> = groups
        .iter()
        .filter(|g| g.len() >= 2)
        .flat_map(|g| lines[g.start..g.end - 1].iter().map(|l| l.chars))
        .collect();
    if widths.is_empty() {
        return 0;
    }
    widths.sort_unstable();
    if widths.len() < 20 {
        return widths[widths.len() - 1];
    }
    widths[widths.len() * 98 / 100]
}

/// How the line end between `a` and `b` (lines of one paragraph) is shown.
fn break_kind(text: &str, a: &Line, b: &Line, wrap: usize) -> BreakKind {
    let next = &text[b.content()];
    if is_list_item(next) && !wrapped_mid_sentence(text, a, next, wrap) {
        return BreakKind::Line;
    }
    // A hyphen at the line end before a lowercase letter: a word the
    // wrapping broke, kept as written.
    let mut before = text[a.content()].chars().rev();
    let hyphen = before.next() == Some('-') && before.next().is_some_and(char::is_alphabetic);
    if hyphen && next.chars().next().is_some_and(char::is_lowercase) {
        return BreakKind::Join;
    }
    let first_word = next.split_whitespace().next().unwrap_or("").chars().count();
    if wrap > 0 && a.chars + 1 + first_word + SLACK <= wrap {
        return BreakKind::Line;
    }
    BreakKind::Space
}

/// True when the line end after `a` falls inside a sentence the wrapping
/// broke: `a` is full (the next line's first word would not have fitted)
/// and ends with a lower-case letter or a comma. A next line that looks
/// like a list item (`8. There may…`, after "carried off by the Russians
/// is") then goes on the sentence.
fn wrapped_mid_sentence(text: &str, a: &Line, next: &str, wrap: usize) -> bool {
    let first_word = next.split_whitespace().next().unwrap_or("").chars().count();
    let full = wrap > 0 && a.chars + 1 + first_word + SLACK > wrap;
    let last = text[a.content()].trim_end().chars().next_back();
    full && last.is_some_and(|c| c.is_lowercase() || c == ',')
}

/// True for a line opening a list item: `- `, `* `, `• `, `1. `, `2) `.
fn is_list_item(line: &str) -> bool {
    if let Some(rest) = line.strip_prefix(['-', '*', '•', '–']) {
        return rest.starts_with(' ');
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    digits > 0
        && digits <= 3
        && line[digits..].starts_with(['.', ')'])
        && line[digits + 1..].starts_with(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paras(text: &str, choice: Choice) -> (ParagraphLayout, Vec<String>) {
        let (layout, s) = split(text, 0..text.len(), choice);
        let shown = s
            .paragraphs
            .iter()
            .map(|p| {
                let mut out = String::new();
                let mut at = p.start;
                for b in s.breaks.iter().filter(|b| p.contains(&b.span.start)) {
                    out.push_str(&text[at..b.span.start]);
                    out.push_str(match b.kind {
                        BreakKind::Space => " ",
                        BreakKind::Join => "",
                        BreakKind::Line => "/",
                    });
                    at = b.span.end;
                }
                out.push_str(&text[at..p.end]);
                out
            })
            .collect();
        (layout, shown)
    }

    fn wrapped_prose() -> String {
        let para = "The quick brown fox jumps over the lazy dog and runs far away into the\n\
                    green hills where nobody has ever seen a fox as well-\n\
                    known as this one, and then it rests.\n";
        format!("{para}\n{para}\n{para}\n  \n{para}")
    }

    #[test]
    fn blank_line_blocks_are_joined() {
        let (layout, p) = paras(&wrapped_prose(), Choice::Auto);
        assert_eq!(layout, ParagraphLayout::Blank);
        assert_eq!(p.len(), 4);
        assert!(p[0].contains("into the green hills"), "{}", p[0]);
        assert!(p[0].contains("well-known"), "{}", p[0]);
        assert!(!p[0].contains('/'), "{}", p[0]);
    }

    #[test]
    fn one_paragraph_a_line_stays_so() {
        let long = "word ".repeat(60);
        let text = format!("{long}\n{long}\n\n{long}\n{long}\n{long}\n");
        let (layout, p) = paras(&text, Choice::Auto);
        assert_eq!(layout, ParagraphLayout::Lines);
        assert_eq!(p.len(), 5);
        let (layout, p) = paras(&text, Choice::Blank);
        assert_eq!(layout, ParagraphLayout::Blank);
        assert_eq!(p.len(), 2);
    }

    #[test]
    fn verse_and_lists_keep_their_line_breaks() {
        let text = format!(
            "{}\nRoses are red,\nviolets are blue.\n\nBuy:\n- bread\n- milk\n",
            wrapped_prose()
        );
        let (_, p) = paras(&text, Choice::Auto);
        assert_eq!(p[4], "Roses are red,/violets are blue.");
        assert_eq!(p[5], "Buy:/- bread/- milk");
    }

    /// A number the wrapping put at a line's start inside a sentence is
    /// no list item: Borodino's "…carried off by the Russians is" / "8.
    /// There may…" is one sentence. After a line that ends one, or a short
    /// one, a numbered line is an item still.
    #[test]
    fn a_number_wrapped_to_a_line_start_is_no_list_item() {
        let text = format!(
            "{}
The number of the guns taken from the French and carried away by is
8. There may have been more, but the reports give no other figure at
all.

The orders were:
1. March at dawn.
2. Hold the bridge.
",
            wrapped_prose()
        );
        let (_, p) = paras(&text, Choice::Auto);
        assert!(p[4].contains("by is 8. There"), "{:?}", p[4]);
        assert_eq!(
            p[5],
            "The orders were:/1. March at dawn./2. Hold the bridge."
        );
    }

    /// A paragraph of three wrapped lines whose first ends a little short
    /// (the next word just too long for the width) is prose, its breaks
    /// spaces: War and Peace's "Today is Wednesday. I" / "must put in";
    /// so is one of two lines.
    #[test]
    fn one_short_line_of_three_is_prose() {
        let text = format!(
            "{}\nAnd the fete at the English ambassador's? Today is Wednesday. I\nmust put in an appearance there, said the prince. My daughter is\ncoming for me to take me there.\n\nI can't help it, said the prince. Lavater would have said that I\nlack the bump of paternity.\n",
            wrapped_prose()
        );
        let (_, p) = paras(&text, Choice::Auto);
        assert!(!p[4].contains('/'), "{:?}", p[4]);
        assert!(!p[5].contains('/'), "{:?}", p[5]);
    }

    #[test]
    fn verse_as_long_as_the_prose_keeps_its_lines() {
        // Lines as wide as the wrapped prose around them, but each opening
        // with a capital and most ending with punctuation: verse.
        let verse = [
            "Panno swieta, co jasnej bronisz Czestochowy i Ostrej Bramy,",
            "I w Ostrej swiecisz Bramie! Ty, co grod zamkowy ochraniasz",
            "Nowogrodzki ochraniasz z jego wiernym ludem i z jego ludem!",
            "Jak mnie dziecko do zdrowia powrocilas cudem, tak i nas.",
        ]
        .join("\n");
        let text = format!(
            "{}
{verse}",
            wrapped_prose()
        );
        let (_, p) = paras(&text, Choice::Auto);
        assert_eq!(p[4].matches('/').count(), 3, "{}", p[4]);
        // The prose around it stays joined.
        assert!(!p[0].contains('/'), "{}", p[0]);
    }

    #[test]
    fn one_short_line_in_prose_is_still_prose() {
        let para = "The quick brown fox jumps over the lazy dog and runs far away into the\n\
                    green hills where nobody has ever seen a fox as quick as\n\
                    this one, which then runs on over the hills and far away and back\n\
                    again to where it started from in the early morning, tired and\n\
                    happy.\n";
        let text = format!("{}\n{para}", wrapped_prose());
        let (_, p) = paras(&text, Choice::Auto);
        assert!(p[4].contains("quick as this one"), "{}", p[4]);
        assert!(!p[4].contains('/'), "{}", p[4]);
    }

    #[test]
    fn a_file_without_blank_lines_is_not_one_paragraph() {
        let text: String = (0..500)
            .map(|i| {
                format!(
                    "Napoleon met Marmont at Fontainebleau in {} and spoke of peace.\n",
                    1800 + i % 20
                )
            })
            .collect();
        let (layout, p) = paras(&text, Choice::Auto);
        assert_eq!(layout, ParagraphLayout::Lines);
        assert_eq!(p.len(), 500);
    }

    #[test]
    fn crlf_cr_bom_and_form_feeds() {
        let prose = wrapped_prose();
        let crlf = format!("\u{feff}{}", prose.replace('\n', "\r\n"));
        let (layout, p) = paras(&crlf, Choice::Auto);
        assert_eq!(layout, ParagraphLayout::Blank);
        assert_eq!(p.len(), 4);
        assert!(p[0].starts_with("\u{feff}The quick"));
        let cr = prose.replace('\n', "\r");
        assert_eq!(paras(&cr, Choice::Auto).1.len(), 4);
        let ff = prose.replacen("\n\n", "\n\u{c}\n", 1);
        assert_eq!(paras(&ff, Choice::Auto).1.len(), 4);
    }

    #[test]
    fn indented_first_lines_open_paragraphs() {
        let para = "    The quick brown fox jumps over the lazy dog and runs far away\n\
                    into the green hills where nobody has ever seen a fox so fine\n\
                    as this one, and then it rests there for a while.\n";
        let text = para.repeat(6);
        let (layout, p) = paras(&text, Choice::Auto);
        assert_eq!(layout, ParagraphLayout::Indented);
        assert_eq!(p.len(), 6);
        assert!(p[1].starts_with("The quick") && p[1].ends_with("while."));
    }

    #[test]
    fn too_few_lines_are_lines() {
        assert_eq!(paras("a\nb\n", Choice::Auto).0, ParagraphLayout::Lines);
        assert_eq!(paras("", Choice::Auto).1.len(), 0);
    }
}
