//! What a player reads about their addresses: `address`, `address add`,
//! `address remove`, and the confirmation of a new address.

/// The transcript of `address`: the player's addresses, the first being
/// where mail that answers nothing goes.
pub(crate) fn addresses(all: &[String]) -> String {
    match all {
        [one] => format!(
            "Your address is {one}. To add one, send 'address add NEW'; the new \
             address must answer a confirmation before it counts."
        ),
        [first, ..] => format!(
            "Your addresses: {}. Mail from any of them is yours; news the server \
             sends unasked (your opponent's moves, challenges) goes to {first}.",
            all.join(", ")
        ),
        [] => "You have no address on record.".to_string(),
    }
}

/// What the player reads after `address add NEW`.
pub(crate) fn address_confirm_sent(address: &str, hours: u32) -> String {
    format!(
        "A confirmation was mailed to {address}. The address is yours once {address} \
         answers it with the word confirm (within {hours} hours); until then nothing changes."
    )
}

/// The Subject of the confirmation mailed to a new address.
pub(crate) fn address_confirm_subject(server: &str, name: &str) -> String {
    format!("Confirm this address for {name} on {server}")
}

/// Why a reply to an address confirmation confirmed nothing: its own
/// words do not say `confirm`.
pub(crate) fn confirm_word_needed(address: &str, name: &str) -> String {
    format!(
        "nothing was confirmed: to add {address} to the account of {name}, reply to the \
         confirmation with the word confirm. If you did not ask for this, do nothing: \
         the request lapses and you get no more mail about it"
    )
}

/// Why `address add` is refused: the server mailed as many addresses of
/// no player today as it may.
pub(crate) fn stranger_cap() -> String {
    "the server has mailed as many new addresses today as it may; send 'address add' \
     again tomorrow"
        .to_string()
}

/// What the new address reads once it has confirmed.
pub(crate) fn address_added(address: &str, name: &str) -> String {
    format!("{address} is now an address of {name}: mail from it plays as {name}.")
}

/// Why `address add` is refused: the address is the sender's already.
pub(crate) fn address_yours(address: &str) -> String {
    format!("{address} is one of your addresses already")
}

/// Why `address add` (or its confirmation) is refused: another player has it.
pub(crate) fn address_taken(address: &str) -> String {
    format!("{address} belongs to another player; it can be the address of only one")
}

/// Why `address add` is refused: `max` additions asked within a day.
pub(crate) fn address_adds_limit(max: u32) -> String {
    format!(
        "you asked to add {max} addresses within the last day, the most a day allows; \
         try again tomorrow"
    )
}

/// Why `address add` is refused: the new address had its mail for the day.
pub(crate) fn address_mail_limit(address: &str) -> String {
    format!(
        "{address} has had as many mails from this server today as an address that has \
         not confirmed may get, or its mail bounces; try again tomorrow"
    )
}

/// Why `address add` or `address remove` is refused: `text` is no usable address.
pub(crate) fn bad_address(text: &str, why: &str) -> String {
    let shown: String = text.chars().take(80).collect();
    format!("{shown:?} cannot be an address: {why}")
}

/// Why an address cannot be written to.
pub(crate) fn not_an_address() -> &'static str {
    "mail cannot be sent to it"
}

/// Why the server's own address cannot be a player's.
pub(crate) fn server_own_address() -> &'static str {
    "it is this server's own address"
}

/// What the player reads after `address remove OLD`.
pub(crate) fn address_removed(address: &str, left: &[String]) -> String {
    format!(
        "{address} is no longer yours: mail from it is a stranger's. Your addresses: {}.",
        left.join(", ")
    )
}

/// Why `address remove` is refused: not one of the sender's addresses.
pub(crate) fn address_not_yours(address: &str) -> String {
    format!("{address} is not one of your addresses (send 'address' to see them)")
}

/// Why `address remove` is refused: it is the sender's only address.
pub(crate) fn last_address(address: &str) -> String {
    format!("{address} is your only address: add another before removing it")
}

/// Why a reply to an address confirmation added nothing.
pub(crate) fn address_not_confirmed() -> String {
    "this confirmation has expired, was used already or was not sent to your address, \
     so no address was added; the player can send 'address add' again for a new one"
        .to_string()
}
