//! The players' command language on arbitrary text: one line through
//! `parse_command`, the whole input as a mail (first line the Subject)
//! through `parse_mail`. Never panics; the limits hold; every command read
//! is read back the same from its canonical form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbmgo::command::{
    MAX_COMMANDS, MAX_COMMENT_LINES, MAX_LINE_CHARS, MAX_NOT_PROCESSED, parse_command, parse_mail,
    strip_subject,
};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (subject, body) = text.split_once('\n').unwrap_or((&text, ""));

    if let Some(Ok(command)) = parse_command(subject) {
        let canonical = command.to_string();
        assert_eq!(parse_command(&canonical), Some(Ok(command)), "{subject:?}");
    }
    let _ = strip_subject(subject);

    let parsed = parse_mail(subject, body);
    assert!(parsed.commands.len() <= MAX_COMMANDS);
    assert!(parsed.not_processed.len() <= MAX_NOT_PROCESSED);
    assert!(parsed.comment.len() <= MAX_COMMENT_LINES);
    for line in &parsed.commands {
        assert!(line.text.chars().count() <= MAX_LINE_CHARS);
        if let Ok(command) = &line.parsed {
            assert_eq!(
                parse_command(&command.to_string()).as_ref(),
                Some(&Ok(command.clone()))
            );
        }
    }
});
