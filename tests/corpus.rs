//! Every pair of the development corpus through every command and the
//! reader: real books as found (BOM, CRLF, Latin-1, Gutenberg headers,
//! verse against prose) open, report and scroll without a panic. Skipped,
//! with one line, where there is no corpus.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::corpus;

#[test]
fn every_corpus_pair_through_every_report() {
    for names in corpus::PAIRS {
        // The files as they are (the French Verne is Latin-1, decoded).
        let Some([l, r]) = corpus::files(names) else {
            return;
        };
        let (l, r) = (l.display().to_string(), r.display().to_string());
        for command in [
            &["paragraphs"][..],
            &["paragraphs", "--json"],
            &["people"],
            &["related"],
            &["outline"],
            &["map"],
            &["print"],
            &["search", "the"],
        ] {
            let mut args = vec!["--left", l.as_str(), "--right", r.as_str()];
            args.extend_from_slice(command);
            let o = common::run(&args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(!err.contains("panicked"), "{names:?} {command:?}: {err}");
            assert_eq!(o.status.code(), Some(0), "{names:?} {command:?}: {err}");
            assert!(
                !o.stdout.is_empty(),
                "{names:?} {command:?} printed nothing"
            );
        }
    }
}

#[test]
fn every_corpus_pair_in_the_reader() {
    for names in corpus::PAIRS {
        let Some(pair) = common::corpus_pair(names) else {
            return;
        };
        let paragraphs = pair.accounts.each_ref().map(|a| a.paragraphs.len());
        assert!(
            paragraphs.iter().all(|&n| n > 20),
            "{names:?}: {paragraphs:?}"
        );
        let mut app = common::app_for(pair, 80, 24);
        for keys in ["G", "g", "} } } }", "<Tab>", "G"] {
            common::press(&mut app, keys);
            let screen = common::screen(&app);
            assert!(!screen.trim().is_empty(), "{names:?} after {keys}");
        }
    }
}

/// A Gutenberg file whose first line after the START marker opens with a
/// non-ASCII letter (every Polish, Czech or Russian edition) is read.
#[test]
fn gutenberg_markers_before_non_ascii_lines() {
    let Some(pl) = corpus::read(corpus::PAN_TADEUSZ[0]) else {
        return;
    };
    assert!(pl.contains("*** START OF"));
    let Some(pair) = common::corpus_pair(corpus::PAN_TADEUSZ) else {
        return;
    };
    let first = &pair.accounts[0].paragraphs[0];
    assert!(first.is_matter(), "the header is folded");
}
