//! Roman numerals, as chapter headings and regnal names write them
//! (CHAPTER XIV, Louis XVIII, Розділ ІІ).

/// True for a Roman numeral in capitals (Latin letters, or the Cyrillic І
/// Ukrainian texts use): I to MMMCMXCIX, well formed, so that a word such as
/// "CIVIL" is not one.
pub fn is_roman(word: &str) -> bool {
    let latin: String = word
        .chars()
        .map(|c| if c == 'І' { 'I' } else { c })
        .collect();
    if latin.is_empty() || !latin.chars().all(|c| "IVXLCDM".contains(c)) {
        return false;
    }
    // Each decimal place: its numeral from this table, highest place first.
    const PLACES: [[&str; 10]; 4] = [
        ["", "M", "MM", "MMM", "", "", "", "", "", ""],
        ["", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"],
        ["", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"],
        ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"],
    ];
    let mut rest = latin.as_str();
    for place in PLACES {
        // The longest numeral of this place that opens what is left.
        if let Some(n) = place
            .iter()
            .filter(|n| !n.is_empty() && rest.starts_with(**n))
            .max_by_key(|n| n.len())
        {
            rest = &rest[n.len()..];
        }
    }
    rest.is_empty()
}

/// The value of a Roman numeral (one [`is_roman`] accepts; the Cyrillic
/// І counts as I).
pub fn roman_value(word: &str) -> u32 {
    let digit = |c: char| match c {
        'I' | 'І' => 1,
        'V' => 5,
        'X' => 10,
        'L' => 50,
        'C' => 100,
        'D' => 500,
        'M' => 1000,
        _ => 0,
    };
    let ds: Vec<i64> = word.chars().map(digit).collect();
    let total: i64 = ds
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            if ds.get(i + 1).is_some_and(|&n| n > d) {
                -d
            } else {
                d
            }
        })
        .sum();
    u32::try_from(total.max(0)).unwrap_or(0)
}
