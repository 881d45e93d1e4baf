//! Reading Markdown as an account, as an EPUB is read: each block a
//! paragraph (`#` and setext headings as headings), emphasis and link
//! markers left out, an image as `[image: alt]`, a footnote marker glued
//! to its word as `[12]` and the footnote's text as a note at the end of
//! the chapter that first refers to it, YAML front matter one folded
//! paragraph. Byte offsets then refer to the extracted text, where
//! paragraphs are separated by a blank line.
//!
//! Parsed with pulldown-cmark (CommonMark, with footnotes, tables and
//! front matter): the events are walked once and the text written as they
//! come, so the work is linear in the file.

use super::{Account, Book, BreakKind, Meta, ParaKind, ParagraphLayout};
use out::Out;
use pulldown_cmark::{BrokenLink, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

mod out;
mod pieces;

/// What the folded front matter is.
pub const FRONT_MATTER: super::MatterKind = super::MatterKind::FrontMatter;

/// Deepest list nesting shown by indentation: deeper items are indented
/// no further (a file of 100,000 nested markers must not write
/// 100,000 spaces before each).
const MAX_INDENT: usize = 4;

/// How much of a file's start is looked at to tell Markdown from text.
const SNIFF_BYTES: usize = 64 << 10;

/// True when a file named `name` holding `text` is Markdown: its name ends
/// in `.md` or `.markdown`, or it opens with YAML front matter, or its
/// start has `#` headings together with markers plain text does not use
/// (`**`, `](`, `![`, `[^`, a code fence). A Project Gutenberg text's
/// `_emphasis_` and `[Illustration]` are no such markers.
pub fn looks_like(name: &str, text: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if [".md", ".markdown", ".mkd", ".mdown"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        return true;
    }
    let mut cut = text.len().min(SNIFF_BYTES);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let head = text[..cut].trim_start_matches('\u{feff}');
    if front_matter_end(head).is_some() {
        return true;
    }
    let headings = head
        .lines()
        .filter(|l| {
            let hashes = l.bytes().take_while(|&b| b == b'#').count();
            (1..=6).contains(&hashes) && l[hashes..].starts_with(' ')
        })
        .count();
    let markers: usize = ["**", "](", "![", "[^", "```"]
        .iter()
        .map(|m| head.matches(m).count())
        .sum();
    headings >= 1 && markers >= 2
}

/// Where YAML front matter (`---` … `---` or `...` on the first lines,
/// with `key: value` lines between) ends, when `text` opens with it.
fn front_matter_end(text: &str) -> Option<usize> {
    let mut lines = text.split_inclusive('\n');
    if lines.next()?.trim_end() != "---" {
        return None;
    }
    let mut at = 4;
    let mut keys = 0;
    for line in lines.take(200) {
        let t = line.trim_end();
        if t == "---" || t == "..." {
            return (keys > 0).then_some(at + line.len());
        }
        if t.split_once(':')
            .is_some_and(|(k, _)| !k.is_empty() && !k.starts_with(' ') && !k.contains(' '))
        {
            keys += 1;
        }
        at += line.len();
    }
    None
}

/// One block as written: its text, the line ends in it, what it is, and
/// the chapter it belongs to.
struct Block {
    text: String,
    breaks: Breaks,
    kind: ParaKind,
    chapter: usize,
}

/// The line breaks of a block: where, and what kind.
type Breaks = Vec<(Range<usize>, BreakKind)>;

/// The walk over the parser's events.
#[derive(Default)]
struct Walk {
    /// The running text, written as its blocks end.
    out: Out,
    /// Where each chapter's run of blocks starts in `out`'s parts, and
    /// the chapter: its notes follow the run.
    runs: Vec<(usize, usize)>,
    /// The buffers of the last block, cleared, for the next.
    spare: Option<(String, Breaks)>,
    /// Footnotes' blocks by label, and the labels in the order defined.
    notes: HashMap<String, Vec<Block>>,
    defined: Vec<String>,
    /// (chapter, label) of each footnote marker, in order.
    refs: Vec<(usize, String)>,
    cur: Option<Block>,
    /// True while `cur` holds nothing but a list item's bullet.
    fresh: bool,
    /// The footnote being read, and whether its first block is to come.
    note: Option<(String, bool)>,
    chapter: usize,
    /// The open lists: the next number of an ordered one.
    lists: Vec<Option<u64>>,
    /// The piece being read goes on with the list the last one was cut
    /// in ([`pieces`]).
    goes_on: bool,
    /// The next number of the last list at the margin, when ordered.
    last_count: Option<u64>,
    /// Where the open image's alt text starts in `cur`.
    image: Option<usize>,
    /// The first cell of the open table row is still to come.
    first_cell: bool,
    /// Inside a code block, whose lines are kept.
    code: bool,
    /// Inside an HTML comment (`<!-- … -->`), whose text is no text.
    comment: bool,
    /// Where the open item's bullet starts in `cur`.
    bullet_at: usize,
    title: Option<String>,
    language: Option<String>,
}

impl Walk {
    fn begin(&mut self, kind: ParaKind) {
        if self.fresh && self.cur.is_some() {
            self.fresh = false;
            if let Some(b) = &mut self.cur
                && matches!(kind, ParaKind::Heading(_))
            {
                b.kind = kind;
            }
            return;
        }
        self.flush();
        if let ParaKind::Heading(level) = kind
            && level <= 2
        {
            self.chapter += 1;
        }
        let (mut text, breaks) = self.spare.take().unwrap_or_default();
        if let Some((label, first @ true)) = &mut self.note {
            text.push_str(&format!("[{label}] "));
            *first = false;
        }
        self.cur = Some(Block {
            text,
            breaks,
            kind,
            chapter: self.chapter,
        });
    }

    /// Ends the block being written, trimmed; a blank one is dropped.
    fn flush(&mut self) {
        self.fresh = false;
        let Some(mut b) = self.cur.take() else {
            return;
        };
        let start = b.text.len() - b.text.trim_start().len();
        let end = b.text.trim_end().len();
        if start >= end {
            return;
        }
        let trimmed = |breaks: &[(Range<usize>, BreakKind)]| -> Vec<(Range<usize>, BreakKind)> {
            breaks
                .iter()
                .filter(|(r, _)| r.start >= start && r.end <= end)
                .map(|(r, k)| (r.start - start..r.end - start, *k))
                .collect()
        };
        if b.kind == ParaKind::Heading(1) && self.title.is_none() && self.note.is_none() {
            self.title = Some(super::one_line(&b.text[start..end]));
        }
        match &self.note {
            Some((label, _)) => {
                let note = Block {
                    text: b.text[start..end].to_string(),
                    breaks: trimmed(&b.breaks),
                    kind: b.kind,
                    chapter: b.chapter,
                };
                self.notes.entry(label.clone()).or_default().push(note);
            }
            None => {
                // Written out at once: a file of a million list items
                // must not be a million blocks held.
                let breaks = b
                    .breaks
                    .iter()
                    .filter(|(r, _)| r.start >= start && r.end <= end);
                self.out.add(
                    &b.text[start..end],
                    breaks.map(|(r, k)| (r.start - start..r.end - start, *k)),
                    b.kind,
                );
                if self.runs.last().is_none_or(|r| r.1 != b.chapter) {
                    self.runs.push((self.out.parts.len() - 1, b.chapter));
                }
            }
        }
        // Its buffers serve the next block.
        b.text.clear();
        b.breaks.clear();
        self.spare = Some((b.text, b.breaks));
    }

    /// Appends `s` to the block being written (opening a paragraph when
    /// none is), its line ends as breaks of `kind`.
    fn push(&mut self, s: &str, kind: BreakKind) {
        if self.cur.is_none() {
            self.begin(ParaKind::Text);
        }
        self.fresh = false;
        let Some(b) = &mut self.cur else {
            return;
        };
        for (i, piece) in s.split('\n').enumerate() {
            if i > 0 {
                let at = b.text.len();
                b.text.push('\n');
                b.breaks.push((at..at + 1, kind));
            }
            b.text.push_str(piece);
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(s) | Event::Code(s) | Event::InlineMath(s) | Event::DisplayMath(s) => {
                let matter = matches!(self.cur.as_ref().map(|b| b.kind), Some(ParaKind::Matter(_)));
                let line_kind = if self.code || matter {
                    BreakKind::Line
                } else {
                    BreakKind::Space
                };
                self.push(&s, line_kind);
            }
            Event::FootnoteReference(label) => {
                self.refs.push((self.chapter, label.to_string()));
                self.push(&format!("[{label}]"), BreakKind::Space);
            }
            Event::SoftBreak => self.push("\n", BreakKind::Space),
            Event::HardBreak => self.push("\n", BreakKind::Line),
            Event::TaskListMarker(done) => {
                self.push(if done { "[x] " } else { "[ ] " }, BreakKind::Space);
            }
            // An HTML block's words are the book's: kept without their
            // tags (an inline tag holds none).
            Event::Html(s) => {
                let text = html_text(&s, &mut self.comment);
                let text = text
                    .replace("&nbsp;", "\u{a0}")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&amp;", "&");
                self.push(&text, BreakKind::Space);
            }
            Event::InlineHtml(_) | Event::Rule => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph | Tag::DefinitionListTitle | Tag::DefinitionListDefinition => {
                self.begin(ParaKind::Text);
            }
            Tag::Heading { level, .. } => self.begin(ParaKind::Heading(heading_level(level))),
            Tag::CodeBlock(_) => {
                self.begin(ParaKind::Text);
                self.code = true;
            }
            Tag::MetadataBlock(_) => self.begin(ParaKind::Matter(FRONT_MATTER)),
            Tag::List(first) => {
                // The list a piece was cut in counts on.
                let next = match (
                    self.lists.is_empty() && std::mem::take(&mut self.goes_on),
                    first,
                ) {
                    (true, Some(_)) => self.last_count.or(first),
                    _ => first,
                };
                self.lists.push(next);
            }
            Tag::Item => {
                let nested = self.fresh;
                self.begin(ParaKind::Text);
                if let (true, Some(b)) = (nested, &mut self.cur) {
                    // An item opening with a list: its bullet gives way.
                    b.text.truncate(self.bullet_at);
                }
                self.bullet_at = self.cur.as_ref().map_or(0, |b| b.text.len());
                let depth = self.lists.len().clamp(1, MAX_INDENT);
                let bullet = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        let s = format!("{n}. ");
                        *n = n.saturating_add(1);
                        s
                    }
                    _ => "• ".to_string(),
                };
                self.push(
                    &format!("{}{bullet}", "  ".repeat(depth - 1)),
                    BreakKind::Space,
                );
                self.fresh = true;
            }
            Tag::FootnoteDefinition(label) => {
                self.flush();
                let label = label.to_string();
                if !self.notes.contains_key(&label) {
                    self.defined.push(label.clone());
                }
                self.note = Some((label, true));
            }
            Tag::TableHead | Tag::TableRow => {
                self.begin(ParaKind::Text);
                self.first_cell = true;
            }
            Tag::TableCell => {
                if !self.first_cell {
                    self.push(" | ", BreakKind::Space);
                }
                self.first_cell = false;
            }
            Tag::Image { .. } => {
                self.push("[image: ", BreakKind::Space);
                self.image = self.cur.as_ref().map(|b| b.text.len());
            }
            Tag::HtmlBlock => {
                self.begin(ParaKind::Text);
                self.comment = false;
            }
            Tag::BlockQuote(_)
            | Tag::DefinitionList
            | Tag::Table(_)
            | Tag::Emphasis
            | Tag::Strong
            | Tag::Strikethrough
            | Tag::Superscript
            | Tag::Subscript
            | Tag::Link { .. } => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph
            | TagEnd::Heading(_)
            | TagEnd::Item
            | TagEnd::TableHead
            | TagEnd::TableRow
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition => self.flush(),
            TagEnd::CodeBlock => {
                self.code = false;
                self.flush();
            }
            TagEnd::MetadataBlock(_) => {
                if let Some(b) = &self.cur {
                    let (title, language) = yaml_title_and_language(&b.text);
                    self.title = self.title.take().or(title);
                    self.language = language;
                }
                self.flush();
            }
            TagEnd::List(_) => {
                let next = self.lists.pop().flatten();
                if self.lists.is_empty() {
                    self.last_count = next;
                }
            }
            TagEnd::FootnoteDefinition => {
                self.flush();
                self.note = None;
            }
            TagEnd::Image => {
                let Some(b) = &mut self.cur else {
                    return;
                };
                if self.image.take() == Some(b.text.len()) {
                    // No alt text: `[image]`, not `[image: ]`.
                    b.text.truncate(b.text.len() - 2);
                }
                b.text.push(']');
            }
            TagEnd::HtmlBlock => self.flush(),
            TagEnd::BlockQuote(_)
            | TagEnd::DefinitionList
            | TagEnd::Table
            | TagEnd::TableCell
            | TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Superscript
            | TagEnd::Subscript
            | TagEnd::Link => {}
        }
    }
}

/// The text of a piece of HTML: its tags and comments left out (a comment
/// may go on into the next piece: `comment` says so).
fn html_text(html: &str, comment: &mut bool) -> String {
    let mut out = String::new();
    let mut rest = html;
    loop {
        if *comment {
            let Some(end) = rest.find("-->") else {
                return out;
            };
            rest = &rest[end + 3..];
            *comment = false;
        }
        let Some(open) = rest.find('<') else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..open]);
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after;
            *comment = true;
            continue;
        }
        match rest.find('>') {
            Some(close) => rest = &rest[close + 1..],
            None => return out,
        }
    }
}

/// The heading level diptych knows (1 part, 2 chapter, 3 other) of a
/// Markdown heading.
fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        _ => 3,
    }
}

/// The `title:` and `lang:` (or `language:`) of YAML front matter, quotes
/// taken off; the language is the code before any region.
fn yaml_title_and_language(yaml: &str) -> (Option<String>, Option<String>) {
    let value = |key: &str| {
        yaml.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            let v = v.trim().trim_matches(['"', '\'']).trim();
            (k.trim().eq_ignore_ascii_case(key) && !v.is_empty()).then(|| v.to_string())
        })
    };
    let language = value("lang")
        .or_else(|| value("language"))
        .and_then(|l| l.split(['-', '_']).next().map(str::to_ascii_lowercase))
        .filter(|l| !l.is_empty());
    (value("title"), language)
}

/// Reads Markdown `text` as an account with `meta`; the title is the
/// front matter's, else the first `#` heading's.
pub fn read(text: &str, meta: Meta) -> Book {
    read_in_pieces(text, meta, pieces::PIECE)
}

/// [`read`], the source parsed in pieces of about `piece` bytes
/// ([`pieces`]): what is read is the same whatever the size.
fn read_in_pieces(text: &str, meta: Meta, piece: usize) -> Book {
    let source = text.trim_start_matches('\u{feff}');
    let options = Options::ENABLE_FOOTNOTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS;
    let mut walk = Walk::default();
    let pieces = pieces::pieces(source, piece);
    // A link of one piece may be defined in another: it is a link there
    // too (only its text is kept, so no address is needed).
    let (labels, notes) = if pieces.len() > 1 {
        (
            pieces::reference_labels(source),
            pieces::footnote_labels(source),
        )
    } else {
        (HashSet::new(), HashSet::new())
    };
    for (piece, goes_on) in pieces {
        walk.goes_on = goes_on;
        let mut defined_elsewhere = |link: BrokenLink<'_>| {
            labels
                .contains(&pieces::normalise(&link.reference))
                .then_some((CowStr::Borrowed(""), CowStr::Borrowed("")))
        };
        // A footnote marker of one piece may be defined in another.
        let text = pieces::with_footnotes_of_others(piece, &notes);
        let parser =
            Parser::new_with_broken_link_callback(&text, options, Some(&mut defined_elsewhere));
        for (event, at) in parser.into_offset_iter() {
            if at.start < piece.len() || text.len() == piece.len() {
                walk.event(event);
            }
        }
    }
    walk.flush();
    let Walk {
        out: running,
        runs,
        notes,
        defined,
        refs,
        title,
        language,
        ..
    } = walk;
    let out = if notes.is_empty() {
        running
    } else {
        with_notes(&running, &runs, notes, refs, defined)
    };
    let account = Account::from_parts(
        meta,
        out.text,
        out.parts,
        out.breaks,
        ParagraphLayout::Markdown,
        Vec::new(),
    );
    Book {
        title,
        language,
        account,
    }
}

/// The running text with the notes put in: each chapter's run of blocks
/// (`runs`), then the notes its markers (`refs`) were the first to name;
/// at the end the notes no marker names, in the order `defined`.
fn with_notes(
    running: &Out,
    runs: &[(usize, usize)],
    mut notes: HashMap<String, Vec<Block>>,
    refs: Vec<(usize, String)>,
    defined: Vec<String>,
) -> Out {
    // Each chapter's blocks, then the notes its markers were the first
    // to name.
    let mut out = Out::default();
    let mut told: HashSet<String> = HashSet::new();
    let mut refs = refs.into_iter().peekable();
    let mut at_break = 0;
    for (i, &(first, chapter)) in runs.iter().enumerate() {
        let last = runs.get(i + 1).map_or(running.parts.len(), |r| r.0);
        for (span, kind) in &running.parts[first..last] {
            while running
                .breaks
                .get(at_break)
                .is_some_and(|b| b.span.start < span.start)
            {
                at_break += 1;
            }
            let mut end = at_break;
            while running
                .breaks
                .get(end)
                .is_some_and(|b| b.span.end <= span.end)
            {
                end += 1;
            }
            let breaks = running.breaks[at_break..end]
                .iter()
                .map(|b| (b.span.start - span.start..b.span.end - span.start, b.kind));
            out.add(&running.text[span.clone()], breaks, *kind);
            at_break = end;
        }
        while let Some((_, label)) = refs.next_if(|(c, _)| *c <= chapter) {
            if told.insert(label.clone()) {
                for n in notes.remove(&label).unwrap_or_default() {
                    out.add_block(n);
                }
            }
        }
    }
    // Notes no marker names, as defined.
    for label in defined {
        for n in notes.remove(&label).unwrap_or_default() {
            out.add_block(n);
        }
    }
    out
}

#[cfg(test)]
mod tests;
