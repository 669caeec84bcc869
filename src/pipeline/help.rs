//! The help text: the command reference every player and stranger can ask
//! for, rendered from the `help.txt` template with the server's name and
//! address.

use super::context::Env;
use super::error::PipelineError;
use crate::mail::templates::HelpCtx;

/// Returns the help text, with an optional first line.
pub(crate) fn help_text(env: &Env<'_>, intro: Option<&str>) -> Result<String, PipelineError> {
    let ctx = HelpCtx {
        server_name: env.settings.identity.name.clone(),
        server_address: env.settings.identity.address.clone(),
        intro: intro.map(str::to_string),
    };
    Ok(env
        .templates
        .render("help.txt", &ctx)?
        .trim_end()
        .to_string())
}
