//! Tests of [`super`]: markdown.

use super::*;

fn paragraphs(md: &str) -> Vec<(String, ParaKind)> {
    let b = read(md, Meta::named("t"));
    same_in_pieces(md);
    b.account
        .paragraphs
        .iter()
        .map(|p| (b.account.shown(p.span()), p.kind))
        .collect()
}

/// `md` read in the smallest pieces reads as it does whole.
fn same_in_pieces(md: &str) {
    let whole = read(md, Meta::named("t"));
    let cut = read_in_pieces(md, Meta::named("t"), 1);
    assert_eq!(cut.account.text, whole.account.text, "{md:?}");
    let shape = |b: &Book| -> Vec<(Range<usize>, ParaKind)> {
        b.account
            .paragraphs
            .iter()
            .map(|p| (p.span(), p.kind))
            .collect()
    };
    assert_eq!(shape(&cut), shape(&whole));
    assert_eq!((cut.title, cut.language), (whole.title, whole.language));
}

/// Links defined in another piece, a fence and an HTML comment with
/// blank lines, nested lists, footnotes defined at the end: the same
/// read in pieces as whole.
#[test]
fn pieces_read_as_the_whole() {
    same_in_pieces(
        "Intro [the palace][pal] and [Ney].\n\nMore text.\n\n1. 1. 1. deep\n\n   still\n\n\
             Then\n\n```\n\nNot cut\n```\n\nAfter\n\n<!--\n\nHidden\n-->\n\nTail[^n].\n\n\
             [pal]: /p\n[ney]: /n\n[^n]: A note.\n",
    );
    for md in [
        "1. 1. 1. x\n1. 1. 1. y\n1. z\n3. w\n",
        "3) a\n3) b\n\n3) c loose\nlazy line\n4) d\n- e\n- f\n",
        "- a\n\n  more of a\n- b\n  - c\n- d[^f]\n\n[^f]: Note.\n",
        "1. a\n# Heading\n1. b\n---\n1. c\n> q\n1. d\n",
        "* a\n* * *\n* b\n+ c\n+ d\n",
    ] {
        same_in_pieces(md);
    }
}

#[test]
fn headings_emphasis_images_and_links_become_text() {
    let md = "---\ntitle: \"Two Accounts\"\nlang: uk-UA\n---\n\n# Part One\n\nChapter\n-------\n\n\
                  Napoleon **signed** the _act_ at [Fontainebleau](https://x.org).\n\
                  He left.\n\n![The palace](p.png) ![](q.png)\n\n- one\n- two\n\n1. first\n";
    let b = read(md, Meta::named("t"));
    assert_eq!(b.title.as_deref(), Some("Two Accounts"));
    assert_eq!(b.language.as_deref(), Some("uk"));
    let p = paragraphs(md);
    assert_eq!(p[0].1, ParaKind::Matter(FRONT_MATTER));
    assert_eq!(p[1], ("Part One".into(), ParaKind::Heading(1)));
    assert_eq!(p[2], ("Chapter".into(), ParaKind::Heading(2)));
    assert_eq!(
        p[3],
        (
            "Napoleon signed the act at Fontainebleau. He left.".into(),
            ParaKind::Text
        )
    );
    assert_eq!(p[4].0, "[image: The palace] [image]");
    assert_eq!(p[5].0, "• one");
    assert_eq!(p[6].0, "• two");
    assert_eq!(p[7].0, "1. first");
    assert_eq!(b.account.layout, ParagraphLayout::Markdown);
}

#[test]
fn footnotes_are_notes_at_the_end_of_the_chapter_that_names_them() {
    let md = "# One\n\nThe marshals[^m] came.\n\nThey spoke.\n\n# Two\n\nParis[^p] fell.\n\n\
                  [^p]: The capital.\n[^m]: Ney and Marmont.\n[^x]: Never named.\n";
    let p: Vec<String> = paragraphs(md).into_iter().map(|(s, _)| s).collect();
    assert_eq!(
        p,
        [
            "One",
            "The marshals[m] came.",
            "They spoke.",
            "[m] Ney and Marmont.",
            "Two",
            "Paris[p] fell.",
            "[p] The capital.",
            "[x] Never named.",
        ]
    );
}

#[test]
fn words_glued_to_footnote_markers_are_words() {
    let b = read("Kutuzov[^1] waited.\n\n[^1]: Old.\n", Meta::named("t"));
    let a = &b.account;
    let w: Vec<&str> = a
        .words(a.paragraphs[0].span())
        .into_iter()
        .map(|r| &a.text[r])
        .collect();
    assert_eq!(w[0], "Kutuzov");
}

#[test]
fn markdown_is_told_from_plain_text() {
    assert!(looks_like("notes.md", "plain"));
    assert!(looks_like("a.txt", "---\ntitle: X\n---\ntext"));
    assert!(looks_like(
        "a.txt",
        "# Title\n\nSome **bold** and a [link](x).\n"
    ));
    assert!(!looks_like("a.txt", "# Title\n\nPlain _emphasis_ only.\n"));
    assert!(!looks_like(
        "a.txt",
        "CHAPTER I\n\n[Illustration: a fox]\n\n---\n\nThe end.\n"
    ));
    assert!(!looks_like("a.txt", "---\nno keys here\n---\n"));
}

#[test]
fn deep_lists_are_indented_no_deeper_than_a_few_steps() {
    let md = "- ".repeat(10_000) + "x\n";
    let b = read(&md, Meta::named("t"));
    assert!(b.account.text.len() < 200, "{}", b.account.text.len());
}

/// An HTML block's words are kept without their tags, comments or the
/// commonest entities; a block of tags alone is no paragraph.
#[test]
fn html_blocks_keep_their_words() {
    let p = paragraphs(
        "First.\n\n<div class=\"x\">\n<p>Napoleon rode &amp; Ney <!-- a note\nspanning --> followed.</p>\n</div>\n\n<hr/>\n\nLast.\n",
    );
    let texts: Vec<&str> = p.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(texts, ["First.", "Napoleon rode & Ney  followed.", "Last."]);
}
