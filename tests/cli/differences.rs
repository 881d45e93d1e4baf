//! `diptych related --differences`: where two accounts of one event
//! disagree, as lines and as JSON, on a made-up pair of five paragraphs
//! (French and English, the same events in the same order, a date one day
//! off, three guns against five, 43 generals against 49).

use super::common::tellings::{EN, FR};
use super::{file, run};

#[test]
fn differences_as_lines_and_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (l, r) = (
        file(&dir, "fr.txt", FR.as_bytes()),
        file(&dir, "en.txt", EN.as_bytes()),
    );
    let o = run(&["related", "--differences", "--left", &l, "--right", &r]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "# mode: narrative",
            "# 3 differences in 2 of the 5 linked paragraph pairs compared (linked in the order both accounts tell, score 0.3 or more)",
            "fr ¶1 ↔ en ¶1\tdate: 23 août / August 24th",
            "fr ¶1 ↔ en ¶1\tguns: trois canons / 5 guns",
            "fr ¶3 ↔ en ¶3\tgenerals: Quarante-trois généraux / 49 generals",
        ]
    );
    let o = run(&[
        "related",
        "--differences",
        "--json",
        "--left",
        &l,
        "--right",
        &r,
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["mode"], "narrative");
    let d = v["differences"].as_array().expect("a list");
    assert_eq!(d.len(), 3);
    assert_eq!(d[0]["kind"], "date");
    assert_eq!(d[0]["left"]["date"], "--08-23");
    assert_eq!(d[0]["right"]["date"], "--08-24");
    assert_eq!(d[1]["kind"], "count");
    assert_eq!(d[1]["what"], "guns");
    assert_eq!(d[1]["left"]["side"], "left");
    assert_eq!(d[1]["left"]["paragraph"], 1);
    assert_eq!(d[1]["left"]["text"], "trois canons");
    assert_eq!(d[1]["left"]["count"], 3);
    assert_eq!(d[1]["right"]["count"], 5);
    assert_eq!(d[2]["what"], "generals");
    assert_eq!(d[2]["right"]["paragraph"], 3);
    // --all asks for links: the two do not go together.
    let o = run(&[
        "related",
        "--differences",
        "--all",
        "--left",
        &l,
        "--right",
        &r,
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_bundled_pair_tells_its_events_without_a_disagreement_claimed() {
    let o = run(&["related", "--differences"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    // The bundled accounts follow no shared order, so no two paragraphs
    // are known to tell one event: the header says so in words, not as
    // "0 differences in 0 of the 0", nor as if no link were strong.
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "# mode: narrative",
            "# no linked paragraph pairs to compare: differences are told between paragraphs linked in the order both accounts tell with a score of 0.3 or more, and these accounts follow no order both share",
        ],
        "{out}"
    );
}
