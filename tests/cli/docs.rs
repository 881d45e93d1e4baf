//! The README and the guide as a newcomer reads them: their keys tables
//! are the keymap's, and the README links the rest.

/// The text between `<!-- keys:CONTEXT -->` and `<!-- /keys -->` in `doc`.
fn keys_table<'a>(doc: &'a str, context: &str, file: &str) -> &'a str {
    let marker = format!("<!-- keys:{context} -->\n");
    let start = doc
        .find(&marker)
        .unwrap_or_else(|| panic!("{file}: no keys table for [{context}]"))
        + marker.len();
    let end = doc[start..].find("<!-- /keys -->").expect("its end marker") + start;
    &doc[start..end]
}

fn read_doc(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_readme_keys_table_is_the_keymap() {
    let readme = read_doc("README.md");
    let keymap = diptych::keymap::Keymap::default_keymap().expect("keymap");
    assert_eq!(
        keys_table(&readme, "reader", "README.md"),
        keymap.markdown(diptych::action::Context::Reader),
        "README's keys table differs from keymap.toml: paste the markdown of the [reader] keys"
    );
}

/// `DIPTYCH_WRITE_KEYS=1 cargo test --test cli guide` writes the tables
/// afresh after keymap.toml changed.
#[test]
fn the_guide_has_every_contexts_keys_as_the_keymap_binds_them() {
    let mut guide = read_doc("docs/GUIDE.md");
    let keymap = diptych::keymap::Keymap::default_keymap().expect("keymap");
    if std::env::var_os("DIPTYCH_WRITE_KEYS").is_some() {
        for context in diptych::action::Context::ALL {
            let old = keys_table(&guide, context.name(), "docs/GUIDE.md").to_string();
            let marker = format!("<!-- keys:{} -->\n", context.name());
            guide = guide.replacen(
                &format!("{marker}{old}"),
                &format!("{marker}{}", keymap.markdown(context)),
                1,
            );
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/GUIDE.md");
        std::fs::write(path, &guide).expect("docs/GUIDE.md written");
    }
    for context in diptych::action::Context::ALL {
        assert_eq!(
            keys_table(&guide, context.name(), "docs/GUIDE.md"),
            keymap.markdown(context),
            "docs/GUIDE.md's [{}] table differs from keymap.toml",
            context.name()
        );
    }
}

#[test]
fn the_readme_is_a_newcomers_page_and_links_the_rest() {
    let readme = read_doc("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 400,
        "README.md has {lines} lines: move detail to docs/"
    );
    assert!(
        readme.contains("cargo install --path ."),
        "the install step"
    );
    for doc in [
        "docs/GUIDE.md",
        "docs/HOW-IT-WORKS.md",
        "docs/ALIGNMENT.md",
        "docs/ROBUSTNESS.md",
        "docs/SPEED.md",
        "docs/ARCHITECTURE.md",
    ] {
        assert!(readme.contains(doc), "README.md does not link {doc}");
        assert!(!read_doc(doc).is_empty());
    }
}
