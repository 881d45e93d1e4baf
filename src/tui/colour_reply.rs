//! The terminal's answer to the question for its background colour (OSC
//! 11), picked out of the key events it arrives as. crossterm has no
//! event for it: `ESC ] 11;rgb:ffff/ffff/ffff ESC \` comes as Alt-], the
//! letters, and Alt-\ (or Ctrl-G for a BEL ending). Asking through the
//! input the keys come by means the first frame never waits for the
//! answer, and no key typed meanwhile is lost.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// The longest answer held (`11;rgba:ffff/ffff/ffff/ffff` and some).
const MAX_REPLY: usize = 48;

/// Events that may be the start of an answer, held until it is told.
#[derive(Debug, Default)]
pub struct ColourReply {
    held: Vec<Event>,
    text: String,
}

/// What an event fed in turns out to be.
#[derive(Debug, PartialEq, Eq)]
pub enum Fed {
    /// Events to act on as keys, in order.
    Pass(Vec<Event>),
    /// Held: an answer may be arriving.
    Held,
    /// The answer: true when the background is light.
    Answer(bool),
}

fn pressed(ev: &Event) -> Option<&KeyEvent> {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => Some(k),
        _ => None,
    }
}

impl ColourReply {
    /// True while events are held.
    pub fn holding(&self) -> bool {
        !self.held.is_empty()
    }

    /// The held events as keys after all (the answer never came whole).
    pub fn flush(&mut self) -> Vec<Event> {
        self.text.clear();
        std::mem::take(&mut self.held)
    }

    /// Feeds one event.
    pub fn feed(&mut self, ev: Event) -> Fed {
        let key = pressed(&ev).copied();
        if self.held.is_empty() {
            return match key {
                Some(k) if k.code == KeyCode::Char(']') && k.modifiers == KeyModifiers::ALT => {
                    self.held.push(ev);
                    Fed::Held
                }
                _ => Fed::Pass(vec![ev]),
            };
        }
        let end = key.is_some_and(|k| {
            (k.code == KeyCode::Char('\\') && k.modifiers == KeyModifiers::ALT)
                || (k.code == KeyCode::Char('g') && k.modifiers == KeyModifiers::CONTROL)
        });
        if end {
            if let Some(light) = crate::settings::light_from_reply(&self.text) {
                self.flush();
                return Fed::Answer(light);
            }
        } else if let Some(KeyCode::Char(c)) = key.map(|k| k.code)
            && key.is_some_and(|k| (k.modifiers - KeyModifiers::SHIFT).is_empty())
            && (c.is_ascii_hexdigit() || ";:/rgbaRGBA".contains(c))
            && self.text.len() < MAX_REPLY
        {
            self.text.push(c);
            self.held.push(ev);
            return Fed::Held;
        }
        let mut out = self.flush();
        out.push(ev);
        Fed::Pass(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(s: &str, r: &mut ColourReply) -> Vec<Fed> {
        let mut out = Vec::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            let (code, modifiers) = match c {
                '\u{1b}' => (
                    KeyCode::Char(chars.next().unwrap_or(' ')),
                    KeyModifiers::ALT,
                ),
                '\u{7}' => (KeyCode::Char('g'), KeyModifiers::CONTROL),
                c => (KeyCode::Char(c), KeyModifiers::NONE),
            };
            out.push(r.feed(Event::Key(KeyEvent::new(code, modifiers))));
        }
        out
    }

    #[test]
    fn an_answer_is_picked_out_and_keys_pass() {
        let mut r = ColourReply::default();
        let fed = keys("j\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\k", &mut r);
        assert!(matches!(&fed[0], Fed::Pass(v) if v.len() == 1));
        assert_eq!(fed[fed.len() - 2], Fed::Answer(true));
        assert!(matches!(fed.last(), Some(Fed::Pass(v)) if v.len() == 1));
        let fed = keys("\u{1b}]11;rgb:0000/0000/0000\u{7}", &mut r);
        assert_eq!(fed.last(), Some(&Fed::Answer(false)));
        // Alt-] and then a key that is no part of an answer: both pass.
        let fed = keys("\u{1b}]q", &mut r);
        assert!(matches!(fed.last(), Some(Fed::Pass(v)) if v.len() == 2));
        assert!(!r.holding());
        // Held, then the answer never ends: flushed as keys.
        keys("\u{1b}]11", &mut r);
        assert!(r.holding());
        assert_eq!(r.flush().len(), 3);
    }
}
