//! Building small EPUB files in the tests, with the zip crate.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;

/// META-INF/container.xml naming OEBPS/content.opf.
pub const CONTAINER: &str = r#"<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"#;

/// A zip of `entries` (names and contents), deflated.
pub fn zip(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        for (name, bytes) in entries {
            let opts = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated);
            z.start_file(*name, opts).expect("entry");
            z.write_all(bytes).expect("write");
        }
        z.finish().expect("finish");
    }
    buf.into_inner()
}

/// Three chapters: (title, paragraphs).
pub fn chapters() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (
            "The First Chapter",
            vec![
                "It was a dark and stormy night; the rain fell in torrents.",
                "Nobody&nbsp;came &mdash; not even the dog.",
            ],
        ),
        (
            "The Second Chapter",
            vec![
                "Morning came at last.<br/>The sea was calm.",
                "<img alt=\"a map of the coast\" src=\"map.png\"/> The map showed the way.",
            ],
        ),
        (
            "The Third Chapter",
            vec!["They left the house and walked to the shore, where the boat waited."],
        ),
    ]
}

/// An EPUB 3 of `chapters`, one XHTML document each, with a nav document.
pub fn build(chapters: &[(&str, Vec<&str>)]) -> Vec<u8> {
    let mut entries: Vec<(String, Vec<u8>)> = vec![
        ("mimetype".into(), b"application/epub+zip".to_vec()),
        (
            "META-INF/container.xml".into(),
            CONTAINER.as_bytes().to_vec(),
        ),
    ];
    let mut manifest = String::new();
    let mut spine = String::new();
    let mut nav = String::new();
    for (i, (title, paras)) in chapters.iter().enumerate() {
        let body: String = paras.iter().map(|p| format!("<p>{p}</p>\n")).collect();
        let doc = format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>{title}</title></head>\n<body><h2 id=\"c{i}\">{title}</h2>\n{body}</body></html>"
        );
        entries.push((format!("OEBPS/text/ch{i}.xhtml"), doc.into_bytes()));
        manifest.push_str(&format!(
            "<item id=\"ch{i}\" href=\"text/ch{i}.xhtml\" media-type=\"application/xhtml+xml\"/>\n"
        ));
        spine.push_str(&format!("<itemref idref=\"ch{i}\"/>\n"));
        nav.push_str(&format!(
            "<li><a href=\"../text/ch{i}.xhtml#c{i}\">{title}</a></li>\n"
        ));
    }
    let opf = format!(
        "<?xml version=\"1.0\"?>\n<package version=\"3.0\" xmlns=\"http://www.idpf.org/2007/opf\"><metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>A Test Book</dc:title><dc:language>en</dc:language></metadata>\n<manifest>\n<item id=\"nav\" href=\"nav/toc.xhtml\" properties=\"nav\" media-type=\"application/xhtml+xml\"/>\n{manifest}</manifest>\n<spine>\n{spine}</spine></package>"
    );
    entries.push(("OEBPS/content.opf".into(), opf.into_bytes()));
    let nav_doc = format!(
        "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\"><body><nav epub:type=\"toc\"><ol>\n{nav}</ol></nav></body></html>"
    );
    entries.push(("OEBPS/nav/toc.xhtml".into(), nav_doc.into_bytes()));
    let refs: Vec<(&str, Vec<u8>)> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.clone()))
        .collect();
    zip(&refs)
}
