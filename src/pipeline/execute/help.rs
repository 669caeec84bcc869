//! The help text: the command reference every player and stranger can ask
//! for, rendered from the `help.txt` template with the server's name and
//! address; how a stranger joins (`join.txt`) and the welcome a new player
//! reads (`welcome.txt`).

use crate::home::AuthMode;
use crate::mail::templates::{HelpCtx, WelcomeCtx};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::store::players::Player;

/// Returns the help text, with an optional first line.
pub(crate) fn help_text(env: &Env<'_>, intro: Option<&str>) -> Result<String, PipelineError> {
    let ctx = HelpCtx {
        server_name: env.settings.identity.name.clone(),
        server_address: env.settings.identity.address.clone(),
        intro: intro.map(str::to_string),
        token_mode: token_mode(env),
    };
    Ok(env
        .templates
        .render("help.txt", &ctx)?
        .trim_end()
        .to_string())
}

/// True when the server checks reply tokens.
fn token_mode(env: &Env<'_>) -> bool {
    env.settings.tokens.mode == AuthMode::Token
}

/// Returns how a stranger joins the server.
pub(crate) fn join_text(env: &Env<'_>) -> Result<String, PipelineError> {
    let ctx = HelpCtx {
        server_name: env.settings.identity.name.clone(),
        server_address: env.settings.identity.address.clone(),
        intro: None,
        token_mode: token_mode(env),
    };
    Ok(env
        .templates
        .render("join.txt", &ctx)?
        .trim_end()
        .to_string())
}

/// Returns the welcome of `player`, who just signed up: what to do next.
pub(crate) fn welcome_text(env: &Env<'_>, player: &Player) -> Result<String, PipelineError> {
    let ctx = WelcomeCtx {
        server_name: env.settings.identity.name.clone(),
        server_address: env.settings.identity.address.clone(),
        name: player.name.clone(),
        token_mode: token_mode(env),
    };
    Ok(env
        .templates
        .render("welcome.txt", &ctx)?
        .trim_end()
        .to_string())
}
