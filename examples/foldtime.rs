fn main() {
    for unit in ["а", "Наполеон ", "abc ", "á", "«"] {
        let t = unit.repeat((5 << 20) / unit.len());
        let s = std::time::Instant::now();
        let f = diptych::fold::fold(&t, 0);
        eprintln!("{unit}: {:?} ({})", s.elapsed(), f.key.len());
    }
}
