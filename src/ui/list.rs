//! What every list draws alike: the rows in view for the selection, and a
//! title with the position (`People 3/36`).

use diptych_reader::app::list::List;
use std::ops::Range;

/// The rows of `list` to draw in `height` rows.
pub fn visible(list: &List, height: usize) -> Range<usize> {
    let offset = list.offset(height);
    offset..(offset + height).min(list.len)
}

/// `title 3/36`, or the title alone for an empty list.
pub fn title(title: &str, list: &List) -> String {
    if list.len == 0 {
        title.to_string()
    } else {
        format!("{title} {}", list.position())
    }
}
