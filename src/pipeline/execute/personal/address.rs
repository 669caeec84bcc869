//! `address`, `address add NEW` and `address remove OLD`: a player's own
//! addresses by mail. A new address is added only once it answers a
//! confirmation mailed to it (see `joining`), so nobody can make pbmgo
//! take, or mail, an address that did not ask; a player keeps at least one
//! address. In token mode both changes need the player's token (`gate`).

use chrono::Duration;

use crate::pipeline::base::error::{CmdResult, reject};
use crate::pipeline::base::wording::address as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::joining;
use crate::pipeline::mailing::backscatter;
use crate::pipeline::record::report::Effect;

use crate::command::AddressAction;
use crate::mail::tags::address_tag;
use crate::store::StoreError;
use crate::store::accounts::{self, AccountError};
use crate::store::players::{self, normalize_address};
use crate::store::signups;

/// Address additions one player may ask for in a day.
pub(crate) const ADDRESS_ADDS_PER_DAY: u32 = 3;

/// Runs one `address` line.
pub(super) fn run(c: &Cmd<'_>, action: &AddressAction) -> CmdResult<Effect> {
    match action {
        AddressAction::List => Ok(Effect::acted(
            words::addresses(&c.player.addresses),
            None,
            Vec::new(),
        )),
        AddressAction::Add(text) => add(c, text),
        AddressAction::Remove(text) => remove(c, text),
    }
}

/// `address add NEW`: mails NEW a confirmation (or again, the open one),
/// within the player's daily additions and NEW's daily mails.
fn add(c: &Cmd<'_>, text: &str) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let address = mailable(c, text)?;
    if player.addresses.contains(&address) {
        return Err(reject("address-yours", words::address_yours(&address)).into());
    }
    if players::owner_of(conn, &address)?.is_some() {
        return Err(reject("address-taken", words::address_taken(&address)).into());
    }
    let open = signups::open_for(conn, &address, Some(player.id), env.now)?;
    let since = env.now - Duration::days(1);
    if open.is_none() && signups::count_since(conn, Some(player.id), since)? >= ADDRESS_ADDS_PER_DAY
    {
        let why = words::address_adds_limit(ADDRESS_ADDS_PER_DAY);
        return Err(reject("address-limit", why).into());
    }
    if !joining::may_mail_unproven(conn, env, &address)? {
        let why = words::address_mail_limit(&address);
        return Err(reject("address-limit", why).into());
    }
    if backscatter::reached(conn, env)? {
        return Err(reject(backscatter::CODE, words::stranger_cap()).into());
    }
    let pending = match open {
        Some(p) => p,
        None => joining::pending(
            conn,
            env,
            &address,
            &player.name,
            Some(player.id),
            c.key.as_bytes(),
        )?,
    };
    joining::queue_address_confirmation(conn, env, c.key, &pending)?;
    backscatter::note(conn, env, &format!("{}#address#{address}", c.key), 1)?;
    let hours = env.settings.signup.expiry_hours;
    Ok(Effect::acted(
        words::address_confirm_sent(&address, hours),
        None,
        Vec::new(),
    ))
}

/// The normalized form of `text`, when it is an address pbmgo can write
/// to and not one of the server's own.
fn mailable(c: &Cmd<'_>, text: &str) -> CmdResult<String> {
    let bad = |why: &str| reject("bad-address", words::bad_address(text, why));
    let address = match normalize_address(text) {
        Ok(a) => a,
        Err(StoreError::Invalid { reason, .. }) => return Err(bad(&reason).into()),
        Err(e) => return Err(e.into()),
    };
    if address.parse::<lettre::Address>().is_err() {
        return Err(bad(words::not_an_address()).into());
    }
    let server = &c.env.settings.identity.address;
    if address.eq_ignore_ascii_case(server) || address_tag(&address, server).is_some() {
        return Err(bad(words::server_own_address()).into());
    }
    Ok(address)
}

/// `address remove OLD`: takes one of the player's addresses away, never
/// the last.
fn remove(c: &Cmd<'_>, text: &str) -> CmdResult<Effect> {
    match accounts::remove_address(c.conn, &c.player.name, text) {
        Ok((repaired, address)) => Ok(Effect::acted(
            words::address_removed(&address, &repaired.player.addresses),
            None,
            Vec::new(),
        )),
        Err(AccountError::NotOwned { address, .. }) => {
            Err(reject("address-not-yours", words::address_not_yours(&address)).into())
        }
        Err(AccountError::LastAddress { address, .. }) => {
            Err(reject("last-address", words::last_address(&address)).into())
        }
        Err(AccountError::Store(StoreError::Invalid { reason, .. })) => {
            Err(reject("bad-address", words::bad_address(text, &reason)).into())
        }
        Err(AccountError::Store(e)) => Err(e.into()),
    }
}
