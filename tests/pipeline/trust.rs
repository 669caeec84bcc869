//! Trust (issue 26): what a forger can make pbmgo do with mail in other
//! people's names. Strangers get no more mail a day, all together, than
//! `limits.stranger_replies_per_day`; answers to mail anybody could have
//! sent in a player's name (`games`, `help`) never stop the answers to
//! the player's own play; wrong passwords pause the check within the
//! batch they arrive in; and a confirmation is taken only from a reply
//! that says `confirm`, never from an angry "who is this?".
//! In-process, on the pipeline harness.

use serde_json::Value;

use crate::common::clock_mail::at;
use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home::{OutMail, SERVER, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.net";

/// A home with `[server] extra` lines and `[limits] limits`.
fn home(server: &str, limits: &str) -> Harness {
    Harness::from_config(&format!(
        "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\n{server}\n\n[limits]\n{limits}\n"
    ))
}

/// The reasons the messages table recorded, one string per message.
fn reasons(h: &Harness) -> Vec<String> {
    let all = h.messages();
    let words = |m: &Value| {
        let list = m["reasons"].as_array().unwrap().iter();
        list.map(|r| r.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(" ")
    };
    all.iter().map(words).collect()
}

/// How many addresses `name` has.
fn addresses(h: &Harness, name: &str) -> Vec<String> {
    let db = h.db();
    let mut stmt = db
        .prepare(
            "SELECT a.address FROM addresses a JOIN players p ON p.id = a.player_id
             WHERE p.name = ?1 ORDER BY a.id",
        )
        .unwrap();
    let rows = stmt.query_map([name], |r| r.get(0)).unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

/// The address in a mail's Reply-To header.
fn reply_address(m: &OutMail) -> String {
    let value = m.header("Reply-To").expect("a Reply-To header");
    let open = value.find('<').map_or(0, |i| i + 1);
    value[open..].trim_end_matches('>').to_string()
}

#[test]
fn strangers_get_no_more_mail_a_day_than_the_cap_all_together() {
    let h = home("signup = \"confirm\"", "stranger_replies_per_day = 5");
    h.player("alice", ALICE);
    for i in 0..20 {
        h.drop_mail(&mail(&format!("victim{i}@example.com"), "help", "help").bytes());
    }
    let counts = h.poll_at(&at(0.0));
    assert_eq!((counts.processed, counts.sent), (20, 5), "{counts:?}");
    let recorded = reasons(&h);
    let capped = recorded.iter().filter(|r| *r == "stranger-cap").count();
    assert_eq!(capped, 15, "{recorded:?}");
    let to_strangers = h.outbox_rows().len();
    assert_eq!(to_strangers, 5);
    // Signups and "who are you" are strangers' mail too: nothing more today.
    h.drop_mail(&mail("new@example.com", "hi", "signup newcomer").bytes());
    h.drop_mail(&mail("other@example.com", "hi", "hello there").bytes());
    assert_eq!(h.poll_at(&at(1.0)).sent, 0);
    let last_two = &reasons(&h)[20..];
    assert_eq!(last_two, ["stranger-cap", "stranger-cap"]);
    // A player's own mail is not a stranger's; their `address add` is.
    h.drop_mail(&mail(ALICE, "games", "games\naddress add alice@phone.example").bytes());
    h.poll_at(&at(2.0));
    let answer = h.sent_to(ALICE).pop().unwrap();
    assert_eq!(answer.results()[0], ("games".into(), "ok".into()));
    assert_eq!(answer.rejected(), ["stranger-cap"], "{}", answer.text);
    assert!(h.sent_to("alice@phone.example").is_empty());
    // A day later there is room again.
    h.drop_mail(&mail("victim0@example.com", "help", "help").bytes());
    assert_eq!(h.poll_at(&at(25.0)).sent, 1);
}

#[test]
fn forged_token_free_mail_never_stops_the_answers_to_a_players_own_play() {
    let h = home("auth = \"token\"", "max_answers_per_hour = 3");
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    h.drop_mail(&mail(ALICE, "board", "board game1").bytes());
    h.drop_mail(&mail(BOB, "board", "board game1").bytes());
    h.poll_at(&at(0.0));
    let alices = reply_address(&h.sent_to(ALICE).pop().unwrap());
    let bobs = reply_address(&h.sent_to(BOB).pop().unwrap());
    // Ten forged `games` "from bob" (no token needed): the loop backstop
    // answers three of them.
    for _ in 0..10 {
        h.drop_mail(&mail(BOB, "games", "games").bytes());
    }
    h.poll_at(&at(0.1));
    let kinds =
        |to: &str| -> Vec<String> { h.sent_to(to).iter().map(|m| m.kind().to_string()).collect() };
    let open = kinds(BOB).iter().filter(|k| *k == "reply-open").count();
    assert_eq!(open, 3, "{:?}", kinds(BOB));
    // Bob's own play is answered all the same, and so is Alice's.
    h.drop_mail(
        &mail(ALICE, "move", "move game1 E5")
            .header("To", &alices)
            .bytes(),
    );
    h.poll_at(&at(0.2));
    assert_eq!(kinds(BOB).last().map(String::as_str), Some("your-move"));
    h.drop_mail(
        &mail(BOB, "move", "move game1 C3")
            .header("To", &bobs)
            .bytes(),
    );
    h.poll_at(&at(0.3));
    let answer = h.sent_to(BOB).pop().unwrap();
    assert_eq!(answer.kind(), "reply");
    assert_eq!(answer.results(), [("move game1 C3".into(), "ok".into())]);
    assert_eq!(kinds(ALICE).last().map(String::as_str), Some("your-move"));
    let waiting: Vec<_> = h
        .outbox_rows()
        .into_iter()
        .filter(|r| r["status"] != "sent")
        .collect();
    assert!(waiting.is_empty(), "{waiting:#?}");
}

#[test]
fn wrong_passwords_in_one_batch_pause_the_check_after_five() {
    let h = home("", "");
    h.player("alice", ALICE);
    h.drop_mail(&mail(ALICE, "settings", "password s3cret").bytes());
    h.poll_at(&at(0.0));
    let guesses: Vec<Vec<u8>> = (0..99)
        .map(|i| mail(ALICE, "games", &format!("password guess{i}\ngames")).bytes())
        .collect();
    let (done, argon2) = h.process_batch_at(&guesses, &at(0.1));
    assert_eq!(done.len(), 99);
    assert!(argon2 <= 5, "{argon2} argon2 checks for 99 wrong passwords");
    let recorded = reasons(&h);
    let bad = recorded.iter().filter(|r| r.contains("bad-password"));
    assert_eq!(bad.count(), 5, "{recorded:?}");
    let paused = recorded.iter().filter(|r| r.contains("password-paused"));
    assert_eq!(paused.count(), 94);
    // The right password is paused too for the rest of the hour.
    let right = mail(ALICE, "games", "password s3cret\ngames").bytes();
    let (_, argon2) = h.process_batch_at(&[right], &at(0.2));
    assert_eq!(argon2, 0);
    assert!(reasons(&h).last().unwrap().contains("password-paused"));
}

/// Replies from `from` to the confirmation `c` as a mail client does: to
/// its Reply-To, with `own` words above the quoted confirmation.
fn reply(h: &Harness, from: &str, c: &OutMail, own: &str, hours: f64) {
    let to = c.header("Reply-To").expect("a Reply-To with the code");
    let quoted: String = c.text.lines().map(|l| format!("> {l}\n")).collect();
    let body = format!("{own}\n\nOn Sunday, pbmgo wrote:\n{quoted}");
    let m = mail(from, &format!("Re: {}", c.subject), &body)
        .header("To", to)
        .reply_to(c.message_id());
    h.drop_mail(&m.bytes());
    h.poll_at(&at(hours));
}

/// The last mail to `to` of `kind`.
fn last_of(h: &Harness, to: &str, kind: &str) -> OutMail {
    let mut all = h.sent_to(to).into_iter();
    all.rfind(|m| m.kind() == kind).unwrap()
}

const PROSE: &str = "Who is this? I never asked for this. STOP.";

#[test]
fn an_angry_reply_confirms_no_address_and_is_answered_once() {
    let h = home("", "");
    h.player("mallory", "mallory@example.org");
    let victim = "victim@example.com";
    let line = format!("address add {victim}");
    h.drop_mail(&mail("mallory@example.org", "address", &line).bytes());
    h.poll_at(&at(0.0));
    let c = last_of(&h, victim, "address-confirm");
    assert!(c.flat().contains("with the word confirm"), "{}", c.text);
    reply(&h, victim, &c, PROSE, 1.0);
    assert_eq!(addresses(&h, "mallory").len(), 1, "nothing was added");
    let told = h.sent_to(victim).pop().unwrap();
    assert_eq!(told.rejected(), ["confirm-word"]);
    let text = told.flat();
    assert!(
        text.contains("reply to the confirmation with the word confirm"),
        "{text}"
    );
    assert!(
        text.contains(&format!("to add {victim} to the account of mallory")),
        "{text}"
    );
    // Told once: more words get no more mail.
    let before = h.sent_to(victim).len();
    reply(&h, victim, &c, "I said STOP.", 2.0);
    assert_eq!(h.sent_to(victim).len(), before);
    assert_eq!(reasons(&h).last().unwrap(), "confirm-word");
    // "Do not confirm" is no confirmation either.
    reply(&h, victim, &c, "Do not confirm!", 3.0);
    assert_eq!(addresses(&h, "mallory").len(), 1);
    // The word confirms.
    reply(&h, victim, &c, "Confirm.", 4.0);
    assert_eq!(addresses(&h, "mallory").len(), 2);
    let done = h.sent_to(victim).pop().unwrap();
    assert_eq!(done.results(), [(line, "ok".into())], "{}", done.text);
}

#[test]
fn a_signup_is_confirmed_by_the_word_or_a_command_never_by_prose() {
    let h = home("signup = \"confirm\"", "");
    h.drop_mail(&mail("dave@example.net", "hi", "signup dave").bytes());
    h.poll_at(&at(0.0));
    let c = last_of(&h, "dave@example.net", "signup-confirm");
    assert!(c.flat().contains("with the word confirm"), "{}", c.text);
    reply(&h, "dave@example.net", &c, PROSE, 1.0);
    assert!(h.players().is_empty());
    let told = h.sent_to("dave@example.net").pop().unwrap();
    assert_eq!(told.rejected(), ["confirm-word"]);
    assert!(told.flat().contains("to join as dave"), "{}", told.text);
    // A command confirms a signup, and is run.
    reply(&h, "dave@example.net", &c, "players", 2.0);
    assert_eq!(h.players(), ["dave"]);
    let welcome = h.sent_to("dave@example.net").pop().unwrap();
    let results = welcome.results();
    assert_eq!(results[0], ("signup dave".into(), "ok".into()));
    assert_eq!(results[1], ("players".into(), "ok".into()));
}
