//! A player's addresses by mail: `address` lists them, `address add NEW`
//! mails NEW a confirmation and adds it only when NEW answers (so nobody
//! can take, or make pbmgo mail, an address that did not ask), `address
//! remove OLD` takes one away but never the last. Floods are bounded: three
//! additions a player a day, and the new address's daily cap of mail. In
//! token mode both changes need one of the player's tokens.
//! In-process, on the pipeline harness.

use crate::common::clock_mail::at;
use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::html_check;
use crate::common::pbmgo_home::{OutMail, mail};

const SERVER: &str = "pbmgo@pbmgo.example";
const ALICE: &str = "alice@example.org";
const NEW: &str = "alice@phone.example";

/// A home with `[server] extra` lines and `[limits] limits`; Alice plays Bob in game1.
fn home(server: &str, limits: &str) -> Harness {
    let h = Harness::from_config(&format!(
        "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\n{server}\n\n[limits]\n{limits}\n"
    ));
    h.player("alice", ALICE);
    h.player("bob", "bob@example.net");
    assert_eq!(h.game_new("alice", "bob", 9), "game1");
    h
}

/// Mails `body` from `from` at `hours` after the start.
fn send(h: &Harness, from: &str, body: &str, hours: f64) {
    h.drop_mail(&mail(from, "addresses", body).bytes());
    h.poll_at(&at(hours));
}

/// Replies from `from` to the confirmation `c` as a mail client does: to
/// its Reply-To, quoting it, with `own` words above the quote.
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

fn confirmations(h: &Harness, to: &str) -> Vec<OutMail> {
    let all = h.sent_to(to).into_iter();
    all.filter(|m| m.kind() == "address-confirm").collect()
}

fn last(h: &Harness, to: &str) -> OutMail {
    h.sent_to(to)
        .pop()
        .unwrap_or_else(|| panic!("no mail to {to}"))
}

/// The addresses of `name`, in order.
fn addresses(h: &Harness, name: &str) -> Vec<String> {
    let db = h.db();
    let mut stmt = db
        .prepare(
            "SELECT a.address FROM addresses a JOIN players p ON p.id = a.player_id
             WHERE p.name = ?1 ORDER BY a.id",
        )
        .unwrap();
    stmt.query_map([name], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_new_address_counts_only_once_it_answers_its_confirmation() {
    let h = home("", "");
    send(&h, ALICE, "address add <Alice@Phone.example>", 0.0);
    let transcript = last(&h, ALICE);
    let line = "address add <Alice@Phone.example>";
    assert_eq!(transcript.results(), [(line.into(), "ok".into())]);
    let told = format!("A confirmation was mailed to {NEW}");
    assert!(transcript.flat().contains(&told), "{}", transcript.text);
    assert_eq!(addresses(&h, "alice"), [ALICE]);
    let c = confirmations(&h, NEW);
    assert_eq!(c.len(), 1, "one confirmation to the new address");
    let c = &c[0];
    assert!(c.header("Reply-To").unwrap().contains("<pbmgo+join-"));
    assert!(
        c.flat().contains("alice asked to add this address"),
        "{}",
        c.text
    );
    assert!(html_check::problems(c.html.as_deref().unwrap()).is_empty());
    // Mail from the new address before it confirms is a stranger's.
    send(&h, NEW, "move game1 e5", 0.5);
    assert_eq!(h.moves("game1").len(), 0);
    // The reply confirms with the word, and the move written above the
    // quote is played.
    reply(&h, NEW, c, "confirm\nmove game1 e5", 1.0);
    assert_eq!(addresses(&h, "alice"), [ALICE, NEW]);
    let answer = last(&h, NEW);
    let results = answer.results();
    assert_eq!(results[0], (format!("address add {NEW}"), "ok".into()));
    assert_eq!(
        results[1],
        ("move game1 e5".into(), "ok".into()),
        "{}",
        answer.text
    );
    assert_eq!(h.moves("game1").len(), 1);
    // Listed; and a second reply to the used code adds nothing more.
    send(&h, NEW, "address", 2.0);
    let listed = last(&h, NEW).flat();
    assert!(
        listed.contains(&format!("Your addresses: {ALICE}, {NEW}.")),
        "{listed}"
    );
    reply(&h, NEW, c, "", 3.0);
    assert_eq!(addresses(&h, "alice"), [ALICE, NEW]);
}

#[test]
fn nobody_else_can_confirm_and_the_mail_to_a_new_address_is_bounded() {
    let h = home("", "unknown_sender_replies_per_day = 3");
    // Bob asks ten times for the victim's address: the open request is
    // mailed again, but never more than an unconfirmed address may get a day.
    for i in 0..10 {
        send(
            &h,
            "bob@example.net",
            "address add victim@example.com",
            f64::from(i) / 60.0,
        );
    }
    let to_victim = h.sent_to("victim@example.com");
    assert_eq!(
        to_victim.len(),
        3,
        "the daily cap of an unconfirmed address"
    );
    let refused = last(&h, "bob@example.net");
    assert_eq!(refused.rejected(), ["address-limit"], "{}", refused.text);
    // More new addresses in a day than a player may ask for are refused.
    for (i, who) in ["v1", "v2", "v3"].iter().enumerate() {
        send(
            &h,
            "bob@example.net",
            &format!("address add {who}@example.com"),
            1.0 + f64::from(i as u32) / 60.0,
        );
    }
    assert_eq!(confirmations(&h, "v2@example.com").len(), 1);
    assert!(confirmations(&h, "v3@example.com").is_empty());
    assert_eq!(last(&h, "bob@example.net").rejected(), ["address-limit"]);
    // A reply to the code from any other address adds nothing.
    let c = &to_victim[0];
    reply(&h, "mallory@evil.example", c, "", 2.0);
    assert_eq!(addresses(&h, "bob"), ["bob@example.net"]);
    // Nor does the victim's own reply once it has lapsed (48 hours).
    reply(&h, "victim@example.com", c, "", 49.0);
    assert_eq!(addresses(&h, "bob"), ["bob@example.net"]);
    let lapsed = last(&h, "victim@example.com");
    assert_eq!(lapsed.rejected(), ["signup-expired"], "{}", lapsed.text);
    assert!(
        lapsed.flat().contains("no address was added"),
        "{}",
        lapsed.text
    );
}

#[test]
fn an_address_of_another_player_or_of_the_server_is_refused() {
    let h = home("signup = \"open\"", "");
    send(&h, ALICE, "address add bob@example.net", 0.0);
    assert_eq!(last(&h, ALICE).rejected(), ["address-taken"]);
    send(&h, ALICE, "address add pbmgo+join-abc@pbmgo.example", 0.1);
    assert_eq!(last(&h, ALICE).rejected(), ["bad-address"]);
    send(&h, ALICE, &format!("address add {ALICE}"), 0.2);
    assert_eq!(last(&h, ALICE).rejected(), ["address-yours"]);
    // Taken between the request and its confirmation: refused then.
    send(&h, ALICE, &format!("address add {NEW}"), 0.3);
    send(&h, NEW, "signup carol", 0.4);
    let c = confirmations(&h, NEW).pop().unwrap();
    reply(&h, NEW, &c, "confirm", 0.5);
    assert_eq!(addresses(&h, "alice"), [ALICE]);
    assert_eq!(addresses(&h, "carol"), [NEW]);
}

#[test]
fn an_address_is_removed_but_never_the_last() {
    let h = home("", "");
    send(&h, ALICE, &format!("address remove {ALICE}"), 0.0);
    assert_eq!(last(&h, ALICE).rejected(), ["last-address"]);
    send(&h, ALICE, "address remove nobody@example.com", 0.1);
    assert_eq!(last(&h, ALICE).rejected(), ["address-not-yours"]);
    // Moving to a new address: add it, confirm from it, drop the old one.
    send(&h, ALICE, &format!("address add {NEW}"), 0.2);
    let c = confirmations(&h, NEW).pop().unwrap();
    reply(
        &h,
        NEW,
        &c,
        &format!("confirm\naddress remove {ALICE}"),
        0.3,
    );
    assert_eq!(addresses(&h, "alice"), [NEW]);
    let answer = last(&h, NEW);
    assert!(answer.rejected().is_empty(), "{}", answer.text);
    // Bob's move now reaches alice at the new address.
    send(&h, "bob@example.net", "pass game1", 0.4);
    send(&h, NEW, "move game1 e5", 0.5);
    send(&h, "bob@example.net", "move game1 c3", 0.6);
    assert_eq!(last(&h, NEW).kind(), "your-move");
    // The old address is a stranger's now.
    send(&h, ALICE, "move game1 d4", 0.7);
    assert_eq!(h.moves("game1").len(), 2);
}

#[test]
fn in_token_mode_address_changes_need_a_token() {
    let h = home("auth = \"token\"", "");
    send(&h, ALICE, &format!("address add {NEW}"), 0.0);
    let refused = last(&h, ALICE);
    assert_eq!(refused.rejected(), ["bad-token"], "{}", refused.text);
    assert!(confirmations(&h, NEW).is_empty());
    // Listing needs none: the answer goes to the player's own address.
    send(&h, ALICE, "address", 0.1);
    assert!(last(&h, ALICE).rejected().is_empty());
    // Sent to the account token of that answer, the change goes through.
    let value = refused.header("Reply-To").unwrap();
    let token = value[value.find('<').unwrap() + 1..].trim_end_matches('>');
    let m = mail(ALICE, "Re: addresses", &format!("address add {NEW}")).header("To", token);
    h.drop_mail(&m.bytes());
    h.poll_at(&at(0.2));
    assert_eq!(confirmations(&h, NEW).len(), 1);
}
