//! pbmgo's own words: the lines and Subjects of the mails a reply answers,
//! so that nothing pbmgo wrote is ever read back as a player's command.
//!
//! [`OwnWords`] holds, for each of our mails, its lines (the text part, the
//! HTML part as text, and the raw lines as transmitted, headers and MIME
//! parts included, as `~m` in mailx quotes them) and its Subject, all
//! normalised: invisible characters dropped, leading quote marks (`>`,
//! `|`), tabs and spaces stripped, whitespace collapsed, lower-cased.
//!
//! The rule for a body line that equals one of ours:
//!
//! - quoted with `>`: skipped anyway (see `quote`);
//! - indented with a tab or spaces (mailx's `~m`, s-nail, some webmail
//!   quote that way): it counts as quoted. A block of indented lines in
//!   which at least [`MIN_RUN`] lines and at least half of the lines repeat
//!   our mail is quoted as a whole, so the header lines and the old board
//!   mailx quotes with it go too;
//! - not indented: it is ours only when it lies in a run of at least
//!   [`MIN_RUN`] consecutive non-blank lines that repeat consecutive
//!   non-blank lines of one of our mails (an original pasted or quoted
//!   without marks, as Lotus Notes and autoresponders do). A lone line the
//!   player typed that happens to equal one of ours (`accept game1` on top
//!   of a reply to the challenge letter) is the player's and counts.
//!
//! A Subject is ours when, stripped of reply prefixes and tags, it equals
//! the stripped Subject of one of our mails (`Re: [game1] Re: pass game1`
//! answering our `[game1] Re: pass game1`).
//!
//! Pure: built from text by the caller (the pipeline reads the outbox, and
//! `inbound::own_words` turns the bytes into text).

use std::collections::{HashMap, HashSet};

use super::subject::strip_subject;

/// The shortest run of unmarked lines that counts as a copy of our mail.
pub const MIN_RUN: usize = 2;

/// The most places one line is remembered at, so that a line repeated in
/// every mail (a board row) cannot make matching slow.
const MAX_PLACES: usize = 64;

/// The lines and Subjects of the pbmgo mails a reply answers.
#[derive(Debug, Clone, Default)]
pub struct OwnWords {
    /// Each text added: its normalised non-blank lines in order.
    texts: Vec<Vec<String>>,
    /// Where each normalised line occurs: (text, position).
    places: HashMap<String, Vec<(usize, usize)>>,
    /// Stripped, normalised Subjects.
    subjects: HashSet<String>,
}

impl OwnWords {
    /// Returns an empty set: nothing is ours.
    pub fn new() -> OwnWords {
        OwnWords::default()
    }

    /// True when no text and no Subject was added.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty() && self.subjects.is_empty()
    }

    /// Adds one text of ours (a text part, an HTML part as text, raw lines).
    pub fn add_text(&mut self, text: &str) {
        let lines: Vec<String> = text
            .lines()
            .map(normalise)
            .filter(|l| !l.is_empty())
            .collect();
        let index = self.texts.len();
        for (pos, line) in lines.iter().enumerate() {
            let places = self.places.entry(line.clone()).or_default();
            if places.len() < MAX_PLACES {
                places.push((index, pos));
            }
        }
        self.texts.push(lines);
    }

    /// Adds the Subject of one of our mails.
    pub fn add_subject(&mut self, subject: &str) {
        let stripped = normalise(&strip_subject(subject).0);
        if !stripped.is_empty() {
            self.subjects.insert(stripped);
        }
    }

    /// True when `subject`, stripped, is the Subject of one of our mails.
    pub fn has_subject(&self, subject: &str) -> bool {
        self.subjects
            .contains(&normalise(&strip_subject(subject).0))
    }

    /// True when the normalised `line` is a line of one of our mails.
    fn has_line(&self, line: &str) -> bool {
        !line.is_empty() && self.places.contains_key(line)
    }

    /// Returns, for each line of `body`, whether it repeats our mail by the
    /// rules of the module header: `quoted` (indented repeats, to be treated
    /// as quoted) and `copied` (runs of unmarked repeats, to be dropped).
    pub(super) fn marks(&self, body: &[&str]) -> Marks {
        let norm: Vec<String> = body.iter().map(|l| normalise(l)).collect();
        let mut marks = Marks {
            quoted: vec![false; body.len()],
            copied: self.runs(&norm),
        };
        if self.texts.is_empty() {
            return marks;
        }
        for (i, raw) in body.iter().enumerate() {
            marks.quoted[i] = is_indented(raw) && self.has_line(&norm[i]);
        }
        for (start, end) in indented_blocks(body) {
            let hits = (start..end).filter(|&i| marks.quoted[i]).count();
            let lines = (start..end).filter(|&i| !norm[i].is_empty()).count();
            if hits >= MIN_RUN && hits * 2 >= lines {
                marks.quoted[start..end].fill(true);
            }
        }
        marks
    }

    /// Marks the lines that lie in a run of at least [`MIN_RUN`] non-blank
    /// lines repeating consecutive non-blank lines of one text of ours.
    fn runs(&self, norm: &[String]) -> Vec<bool> {
        let mut copied = vec![false; norm.len()];
        let lines: Vec<usize> = (0..norm.len()).filter(|&i| !norm[i].is_empty()).collect();
        let mut k = 0;
        while k < lines.len() {
            let length = self.longest_run(norm, &lines[k..]);
            if length >= MIN_RUN {
                for &i in &lines[k..k + length] {
                    copied[i] = true;
                }
                k += length;
            } else {
                k += 1;
            }
        }
        copied
    }

    /// Returns how many of the lines `at` (indexes into `norm`) repeat one
    /// text of ours from some place on, at most.
    fn longest_run(&self, norm: &[String], at: &[usize]) -> usize {
        let Some(places) = at.first().and_then(|&i| self.places.get(&norm[i])) else {
            return 0;
        };
        places
            .iter()
            .map(|&(text, pos)| {
                let ours = self.texts.get(text).map_or(&[][..], |t| &t[pos..]);
                at.iter()
                    .zip(ours)
                    .take_while(|&(&i, line)| &norm[i] == line)
                    .count()
            })
            .max()
            .unwrap_or(0)
    }
}

/// Which body lines repeat our mail (see [`OwnWords::marks`]).
#[derive(Debug, Clone, Default)]
pub(super) struct Marks {
    /// Indented lines that repeat ours: as good as quoted.
    pub(super) quoted: Vec<bool>,
    /// Unmarked lines that lie in a copied run of ours.
    pub(super) copied: Vec<bool>,
}

/// True when the raw line starts with a tab or a space.
fn is_indented(raw: &str) -> bool {
    raw.starts_with(['\t', ' ']) && !raw.trim().is_empty()
}

/// Returns the (start, end) of each block of indented lines, blank lines
/// inside it included.
fn indented_blocks(body: &[&str]) -> Vec<(usize, usize)> {
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if !is_indented(body[i]) {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i + 1;
        let mut j = i + 1;
        while j < body.len() && (is_indented(body[j]) || body[j].trim().is_empty()) {
            j += 1;
            if is_indented(body[j - 1]) {
                end = j;
            }
        }
        blocks.push((start, end));
        i = end.max(start + 1);
    }
    blocks
}

/// Returns `line` as it is compared: invisible characters dropped, leading
/// quote marks, tabs and spaces stripped, whitespace collapsed, lower-case.
pub(super) fn normalise(line: &str) -> String {
    let clean = super::clean::clean(line);
    let unquoted = clean.trim_start_matches(|c: char| c == '>' || c == '|' || c.is_whitespace());
    unquoted
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str) -> OwnWords {
        let mut own = OwnWords::new();
        own.add_text(text);
        own
    }

    #[test]
    fn runs_need_two_lines_in_order() {
        let own = own("Hello,\n\nTo accept, answer with the line\n\n    accept game1\n\nbye");
        let body = [
            "accept game1",
            "",
            "Hello,",
            "To accept, answer with the line",
        ];
        let marks = own.marks(&body);
        assert_eq!(marks.copied, [false, false, true, true]);
        let lone = own.marks(&["accept game1", "thanks"]);
        assert_eq!(lone.copied, [false, false]);
        assert_eq!(lone.quoted, [false, false]);
    }

    #[test]
    fn indented_repeats_are_quoted_and_blocks_go_whole() {
        let own = own("Subject: [game1] challenge\n\nTo accept:\n    accept game1\nbye");
        let body = [
            "no thanks",
            "\tSubject: [game1] challenge",
            "\tX-Header: not ours",
            "\t",
            "\taccept game1",
            "\tbye",
            "\tsomething else",
            "later",
            "  accept game1",
            "  my own indented line",
        ];
        let marks = own.marks(&body);
        let quoted: Vec<usize> = (0..body.len()).filter(|&i| marks.quoted[i]).collect();
        assert_eq!(quoted, [1, 2, 3, 4, 5, 6, 8]);
    }

    #[test]
    fn subjects_match_without_prefixes() {
        let mut own = OwnWords::new();
        own.add_subject("[game1] Re: pass game1");
        assert!(own.has_subject("Re: [game1] Re: pass game1"));
        assert!(own.has_subject("AW: Fwd: pass   game1"));
        assert!(!own.has_subject("pass game2"));
        assert!(!OwnWords::new().has_subject(""));
    }
}
