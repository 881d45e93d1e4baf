//! The terminal's input bytes decoded into events: keys (legacy encodings,
//! modifier parameters and the kitty keyboard protocol's `CSI … u`), SGR
//! mouse reports, bracketed paste, and the terminal's answer to the
//! question for its background colour (OSC 11).
//!
//! Written by hand rather than read through crossterm's event reader,
//! which (0.29) holds every byte after an unterminated `ESC [200~` until a
//! `ESC [201~` that may never come (no key works again), and has no event
//! for a colour answer (it comes as Alt-] and letters). Here a paste that
//! does not end within a moment is dropped and the keys after it act, and
//! the answer is an event of its own. The events are crossterm's types,
//! so the rest of the terminal layer is the same either way.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest escape sequence waited for; a longer one is dropped.
const MAX_SEQUENCE: usize = 256;
/// The most of a paste kept (the rest is dropped): a prompt takes a line,
/// and a size the terminal's input controls must not size memory.
pub const MAX_PASTE: usize = 1 << 20;

/// What the terminal sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key, a mouse report or a paste.
    Term(Event),
    /// The answer to the background question: true when light.
    Background(bool),
}

/// Decodes bytes as they arrive; what is cut off at the end of one read
/// waits for the next (or for [`Decoder::idle`]).
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    /// A bracketed paste being read, when one is.
    paste: Option<Vec<u8>>,
}

/// How much of the buffer one step took, and what it made.
enum Step {
    /// `n` bytes made this (or nothing, for a sequence ignored).
    Took(usize, Option<Input>),
    /// `n` bytes opened a bracketed paste.
    PasteStart(usize),
    /// The sequence is not whole yet.
    Wait,
}

impl Decoder {
    /// True while bytes wait for more (a lone ESC, half a sequence, a
    /// paste without its end): the reader then waits only a moment.
    pub fn pending(&self) -> bool {
        !self.buf.is_empty() || self.paste.is_some()
    }

    /// True while a paste is being read.
    pub fn in_paste(&self) -> bool {
        self.paste.is_some()
    }

    /// Decodes `bytes` (after what was left over), pushing events to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Input>) {
        self.buf.extend_from_slice(bytes);
        let mut at = 0;
        while at < self.buf.len() {
            if self.paste.is_some() {
                at += self.read_paste(at, out);
                if self.paste.is_some() {
                    break;
                }
                continue;
            }
            match step(&self.buf[at..]) {
                Step::Took(n, input) => {
                    at += n.max(1);
                    out.extend(input);
                }
                Step::PasteStart(n) => {
                    at += n;
                    self.paste = Some(Vec::new());
                }
                Step::Wait => break,
            }
        }
        self.buf.drain(..at.min(self.buf.len()));
    }

    /// Reads paste bytes from `at`: up to its end marker (then the paste is
    /// an event), else all but a few bytes that may start the marker.
    /// Returns the bytes taken.
    fn read_paste(&mut self, at: usize, out: &mut Vec<Input>) -> usize {
        const END: &[u8] = b"\x1b[201~";
        let rest = &self.buf[at..];
        let (take, done) = match memchr::memmem::find(rest, END) {
            Some(i) => (i, true),
            None => (rest.len().saturating_sub(END.len() - 1), false),
        };
        if let Some(p) = &mut self.paste {
            let room = MAX_PASTE.saturating_sub(p.len());
            p.extend_from_slice(&rest[..take.min(room)]);
        }
        if done {
            let text = String::from_utf8_lossy(&self.paste.take().unwrap_or_default()).into_owned();
            out.push(Input::Term(Event::Paste(text)));
            return take + END.len();
        }
        take
    }

    /// No byte came for a moment: a lone ESC is the Esc key, half a
    /// sequence is dropped, and a paste that never ended is dropped (the
    /// keys that come next act).
    pub fn idle(&mut self, out: &mut Vec<Input>) {
        if self.paste.take().is_some() {
            // What waited after the paste's start was the paste's.
            self.buf.clear();
            return;
        }
        if self.buf.first() == Some(&0x1b) {
            let rest = self.buf.split_off(1);
            self.buf.clear();
            out.push(key(KeyCode::Esc, KeyModifiers::NONE));
            // ESC and a half sequence: the rest as keys of their own.
            self.feed_whole(&rest, out);
        } else {
            self.buf.clear();
        }
    }

    /// Decodes `bytes` with nothing left to wait for: what is cut off is
    /// taken as keys.
    fn feed_whole(&mut self, bytes: &[u8], out: &mut Vec<Input>) {
        self.feed(bytes, out);
        if !self.buf.is_empty() && self.paste.is_none() {
            let rest = std::mem::take(&mut self.buf);
            out.extend(
                String::from_utf8_lossy(&rest)
                    .chars()
                    .map(|c| char_key(c, KeyModifiers::NONE)),
            );
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Input {
    Input::Term(Event::Key(KeyEvent::new(code, modifiers)))
}

/// A character typed: capitals say Shift, as crossterm's do.
fn char_key(c: char, mut modifiers: KeyModifiers) -> Input {
    if c.is_uppercase() {
        modifiers |= KeyModifiers::SHIFT;
    }
    key(KeyCode::Char(c), modifiers)
}

/// One event from the start of `b` (never empty).
fn step(b: &[u8]) -> Step {
    match b[0] {
        0x1b => escape(b),
        _ => match plain(b) {
            Some((n, input)) => Step::Took(n, input),
            None => Step::Wait,
        },
    }
}

/// A byte or character without ESC before it: a control key or text
/// (`None` when a character is cut off; no input for a byte that is not
/// UTF-8, which is dropped).
fn plain(b: &[u8]) -> Option<(usize, Option<Input>)> {
    let ctrl = KeyModifiers::CONTROL;
    let k = match b[0] {
        b'\r' => key(KeyCode::Enter, KeyModifiers::NONE),
        b'\t' => key(KeyCode::Tab, KeyModifiers::NONE),
        0x7f | 0x08 => key(KeyCode::Backspace, KeyModifiers::NONE),
        0x00 => key(KeyCode::Char(' '), ctrl),
        c @ 0x01..=0x1a => key(KeyCode::Char((b'a' + c - 1) as char), ctrl),
        c @ 0x1c..=0x1f => key(KeyCode::Char((b'4' + c - 0x1c) as char), ctrl),
        _ => {
            let len = utf8_len(b[0]);
            if b.len() < len {
                return None;
            }
            return Some(match std::str::from_utf8(&b[..len]) {
                Ok(s) => (
                    len,
                    s.chars().next().map(|c| char_key(c, KeyModifiers::NONE)),
                ),
                Err(_) => (1, None),
            });
        }
    };
    Some((1, Some(k)))
}

/// The length of the UTF-8 sequence `first` opens (1 for a stray byte).
fn utf8_len(first: u8) -> usize {
    match first {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => 1,
    }
}

/// A sequence opening with ESC.
fn escape(b: &[u8]) -> Step {
    let Some(&next) = b.get(1) else {
        return Step::Wait;
    };
    match next {
        b'[' => csi(b),
        b'O' => match b.get(2) {
            None => Step::Wait,
            Some(&f) => Step::Took(3, ss3(f)),
        },
        b']' => osc(b),
        // ESC ESC: Esc, then what the second opens.
        0x1b => Step::Took(1, Some(key(KeyCode::Esc, KeyModifiers::NONE))),
        _ => match plain(&b[1..]) {
            None => Step::Wait,
            Some((n, Some(Input::Term(Event::Key(mut k))))) => {
                k.modifiers |= KeyModifiers::ALT;
                Step::Took(1 + n, Some(Input::Term(Event::Key(k))))
            }
            Some((n, _)) => Step::Took(1 + n, None),
        },
    }
}

/// The key a sequence's final letter names, as SS3 and CSI both write
/// it: arrows, Home and End, F1–F4.
fn letter_key(f: u8) -> Option<KeyCode> {
    Some(match f {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(f - b'P' + 1),
        _ => return None,
    })
}

/// `ESC O` and a letter (application mode).
fn ss3(f: u8) -> Option<Input> {
    letter_key(f).map(|code| key(code, KeyModifiers::NONE))
}

/// An operating system command: the terminal's answer to the background
/// question (`ESC ] 11;rgb:… BEL` or `… ESC \`); others are dropped.
fn osc(b: &[u8]) -> Step {
    let body = &b[2..];
    let end = body.iter().enumerate().find_map(|(i, &c)| match c {
        0x07 => Some((i, 1)),
        0x1b if body.get(i + 1) == Some(&b'\\') => Some((i, 2)),
        _ => None,
    });
    match end {
        Some((i, term)) => {
            let text = String::from_utf8_lossy(&body[..i]);
            let input = super::background::light_from_reply(&text).map(Input::Background);
            Step::Took(2 + i + term, input)
        }
        None if b.len() > MAX_SEQUENCE => Step::Took(b.len(), None),
        None => Step::Wait,
    }
}

/// A control sequence: `ESC [`, parameters, a final byte.
fn csi(b: &[u8]) -> Step {
    let body = &b[2..];
    // The Linux console's F1–F5: `ESC [ [ A` to `ESC [ [ E`.
    if body.first() == Some(&b'[') {
        return match body.get(1) {
            None => Step::Wait,
            Some(&f @ b'A'..=b'E') => {
                Step::Took(4, Some(key(KeyCode::F(f - b'A' + 1), KeyModifiers::NONE)))
            }
            Some(_) => Step::Took(4, None),
        };
    }
    let Some(fin) = body.iter().position(|&c| (0x40..=0x7e).contains(&c)) else {
        return if b.len() > MAX_SEQUENCE {
            Step::Took(b.len(), None)
        } else {
            Step::Wait
        };
    };
    let params = String::from_utf8_lossy(&body[..fin]).into_owned();
    let n = 2 + fin + 1;
    if body[fin] == b'~' && params == "200" {
        return Step::PasteStart(n);
    }
    Step::Took(n, csi_input(&params, body[fin]))
}

/// The numbers of `params` (`1;5`), each the first of its `:` parts.
fn numbers(params: &str) -> Vec<u32> {
    params
        .split(';')
        .map(|p| p.split(':').next().unwrap_or("").parse().unwrap_or(0))
        .collect()
}

/// The modifiers `bits` hold where Shift, Alt and Ctrl are the bits
/// `shift`, `shift << 1` and `shift << 2` (1 for a key's parameter less
/// one, 4 for a mouse report's button).
fn modifier_bits(bits: u32, shift: u32) -> KeyModifiers {
    [
        KeyModifiers::SHIFT,
        KeyModifiers::ALT,
        KeyModifiers::CONTROL,
    ]
    .into_iter()
    .enumerate()
    .filter(|(i, _)| bits & (shift << i) != 0)
    .fold(KeyModifiers::NONE, |m, (_, k)| m | k)
}

/// The modifiers a key's parameter encodes (1 + bits: Shift, Alt, Ctrl).
fn modifiers(param: Option<&u32>) -> KeyModifiers {
    modifier_bits(param.map_or(0, |m| m.saturating_sub(1)), 1)
}

fn csi_input(params: &str, fin: u8) -> Option<Input> {
    if let Some(mouse) = params.strip_prefix('<') {
        return sgr_mouse(mouse, fin);
    }
    if params.starts_with('?') {
        // Answers to questions diptych does not ask (device attributes).
        return None;
    }
    let nums = numbers(params);
    let first = nums.first().copied().unwrap_or(0);
    let m = modifiers(nums.get(1));
    if let Some(code) = letter_key(fin) {
        return Some(key(code, m));
    }
    let code = match fin {
        b'Z' => return Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        b'u' => return kitty_key(&nums),
        b'~' => match first {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            11..=15 => KeyCode::F((first - 10) as u8),
            17..=21 => KeyCode::F((first - 11) as u8),
            23..=24 => KeyCode::F((first - 12) as u8),
            _ => return None,
        },
        _ => return None,
    };
    Some(key(code, m))
}

/// A key in the kitty protocol: `CSI code ; modifiers u`. Only Ctrl-i is
/// told from its legacy twin (Tab): Ctrl-[, Ctrl-h and Ctrl-m stay Esc,
/// Backspace and Enter, as every terminal sends them. Keypad keys (the
/// protocol's private codes) are the keys they stand for; other private
/// codes (a modifier pressed alone) are no key.
fn kitty_key(nums: &[u32]) -> Option<Input> {
    let m = modifiers(nums.get(1));
    let ctrl = m.contains(KeyModifiers::CONTROL);
    let plain = m - KeyModifiers::CONTROL;
    let code = match nums.first().copied()? {
        9 => KeyCode::Tab,
        13 => KeyCode::Enter,
        27 => KeyCode::Esc,
        127 => KeyCode::Backspace,
        91 if ctrl => return Some(key(KeyCode::Esc, plain)),
        104 if ctrl => return Some(key(KeyCode::Backspace, plain)),
        109 if ctrl => return Some(key(KeyCode::Enter, plain)),
        c @ 57399..=57408 => KeyCode::Char(char::from_digit(c - 57399, 10)?),
        57409 => KeyCode::Char('.'),
        57410 => KeyCode::Char('/'),
        57411 => KeyCode::Char('*'),
        57412 => KeyCode::Char('-'),
        57413 => KeyCode::Char('+'),
        57414 => KeyCode::Enter,
        57415 => KeyCode::Char('='),
        57416 => KeyCode::Char(','),
        57417 => KeyCode::Left,
        57418 => KeyCode::Right,
        57419 => KeyCode::Up,
        57420 => KeyCode::Down,
        57421 => KeyCode::PageUp,
        57422 => KeyCode::PageDown,
        57423 => KeyCode::Home,
        57424 => KeyCode::End,
        57425 => KeyCode::Insert,
        57426 => KeyCode::Delete,
        c => {
            let c = char::from_u32(c)?;
            if c.is_control() || ('\u{e000}'..='\u{f8ff}').contains(&c) {
                return None;
            }
            return Some(char_key(c, m));
        }
    };
    Some(key(code, m))
}

/// An SGR mouse report: `CSI < button ; column ; row M` (or `m`, released).
fn sgr_mouse(params: &str, fin: u8) -> Option<Input> {
    let nums = numbers(params);
    let (&b, &x, &y) = (nums.first()?, nums.get(1)?, nums.get(2)?);
    let (column, row) = (x.saturating_sub(1) as u16, y.saturating_sub(1) as u16);
    // Buttons past the wheel (back, forward) and sideways scrolling are
    // nothing the reader does.
    if b >= 128 || (b & 64 != 0 && b & 2 != 0) {
        return None;
    }
    let button = match b & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = if b & 64 != 0 {
        if b & 1 == 0 {
            MouseEventKind::ScrollUp
        } else {
            MouseEventKind::ScrollDown
        }
    } else if b & 32 != 0 {
        MouseEventKind::Drag(button)
    } else if fin == b'm' {
        MouseEventKind::Up(button)
    } else if fin == b'M' {
        MouseEventKind::Down(button)
    } else {
        return None;
    };
    Some(Input::Term(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: modifier_bits(b, 4),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(chunks: &[&[u8]]) -> (Vec<Input>, Decoder) {
        let mut d = Decoder::default();
        let mut out = Vec::new();
        for c in chunks {
            d.feed(c, &mut out);
        }
        (out, d)
    }

    fn k(code: KeyCode, m: KeyModifiers) -> Input {
        key(code, m)
    }

    #[test]
    fn keys_of_every_encoding() {
        let (out, d) = decode(&[
            b"jK\r\t\x7f\x03\x1bx\x1b[A\x1b[1;5C\x1b[5~\x1bOP\x1b[Z",
            "ж".as_bytes(),
        ]);
        assert!(!d.pending());
        let none = KeyModifiers::NONE;
        assert_eq!(
            out,
            [
                k(KeyCode::Char('j'), none),
                k(KeyCode::Char('K'), KeyModifiers::SHIFT),
                k(KeyCode::Enter, none),
                k(KeyCode::Tab, none),
                k(KeyCode::Backspace, none),
                k(KeyCode::Char('c'), KeyModifiers::CONTROL),
                k(KeyCode::Char('x'), KeyModifiers::ALT),
                k(KeyCode::Up, none),
                k(KeyCode::Right, KeyModifiers::CONTROL),
                k(KeyCode::PageUp, none),
                k(KeyCode::F(1), none),
                k(KeyCode::BackTab, KeyModifiers::SHIFT),
                k(KeyCode::Char('ж'), none),
            ]
        );
    }

    #[test]
    fn sequences_cut_between_reads_wait_for_the_rest() {
        let (out, d) = decode(&[b"\x1b[1;", b"5A", "ж".as_bytes().split_at(1).0]);
        assert_eq!(out, [k(KeyCode::Up, KeyModifiers::CONTROL)]);
        assert!(d.pending());
        // A lone ESC is the Esc key once nothing follows.
        let (_, mut d) = decode(&[b"\x1b"]);
        let mut out = Vec::new();
        d.idle(&mut out);
        assert_eq!(out, [k(KeyCode::Esc, KeyModifiers::NONE)]);
    }

    #[test]
    fn the_kitty_protocol_tells_ctrl_i_from_tab() {
        let (out, _) = decode(&[
            b"\x1b[105;5u\t\x1b[27u\x1b[91;5u\x1b[104;5u\x1b[57414u\x1b[57441;2u\x1b[?1u\x1b[[A",
        ]);
        let none = KeyModifiers::NONE;
        assert_eq!(
            out,
            [
                k(KeyCode::Char('i'), KeyModifiers::CONTROL),
                k(KeyCode::Tab, none),
                k(KeyCode::Esc, none),
                k(KeyCode::Esc, none),
                k(KeyCode::Backspace, none),
                k(KeyCode::Enter, none),
                k(KeyCode::F(1), none),
            ]
        );
    }

    #[test]
    fn mouse_reports_and_answers() {
        let (none, _) = decode(&[b"\x1b[<66;5;5M\x1b[<128;5;5M"]);
        assert!(none.is_empty(), "{none:?}");
        let (out, _) = decode(&[b"\x1b[<65;10;5M\x1b[<0;3;4M\x1b]11;rgb:ffff/ffff/ffff\x07\x1b]11;rgb:0/0/0\x1b\\\x1b[?62;22c"]);
        assert_eq!(out.len(), 4, "{out:?}");
        assert!(
            matches!(&out[0], Input::Term(Event::Mouse(m)) if m.kind == MouseEventKind::ScrollDown && (m.column, m.row) == (9, 4))
        );
        assert!(
            matches!(&out[1], Input::Term(Event::Mouse(m)) if m.kind == MouseEventKind::Down(MouseButton::Left))
        );
        assert_eq!(out[2], Input::Background(true));
        assert_eq!(out[3], Input::Background(false));
    }

    #[test]
    fn a_paste_is_one_event_and_one_that_never_ends_is_dropped() {
        let (out, d) = decode(&[b"a\x1b[200~line one\nline", b" two\x1b[20", b"1~b"]);
        assert!(!d.pending());
        assert_eq!(
            out,
            [
                k(KeyCode::Char('a'), KeyModifiers::NONE),
                Input::Term(Event::Paste("line one\nline two".into())),
                k(KeyCode::Char('b'), KeyModifiers::NONE),
            ]
        );
        let (out, mut d) = decode(&[b"\x1b[200~", b"q\x03"]);
        assert!(out.is_empty() && d.in_paste());
        let mut out = Vec::new();
        d.idle(&mut out);
        assert!(!d.pending());
        d.feed(b"q", &mut out);
        assert_eq!(out, [k(KeyCode::Char('q'), KeyModifiers::NONE)]);
    }

    #[test]
    fn a_huge_paste_keeps_a_bounded_part() {
        let mut d = Decoder::default();
        let mut out = Vec::new();
        d.feed(b"\x1b[200~", &mut out);
        let chunk = vec![b'x'; 1 << 16];
        for _ in 0..40 {
            d.feed(&chunk, &mut out);
        }
        d.feed(b"\x1b[201~", &mut out);
        assert!(matches!(&out[..], [Input::Term(Event::Paste(p))] if p.len() == MAX_PASTE));
    }
}
