//! Each published player's page (`players/<name>.html`): their strength,
//! their published games, and a chart of their rating after each rated
//! game (an SVG drawn here, no script).

use serde::Serialize;

use super::error::SiteError;
use super::lists::{GameRow, Lists};
use super::templates::Common;
use super::writer::Writer;
use crate::store::site;
use crate::store::standings::Standing;

/// A player's page.
#[derive(Serialize)]
struct PlayerCtx<'a> {
    #[serde(flatten)]
    common: Common,
    #[serde(flatten)]
    standing: &'a Standing,
    games: Vec<PlayerGame>,
    chart: String,
    chart_text: String,
}

/// One of the player's games.
#[derive(Serialize)]
struct PlayerGame {
    id: String,
    colour: &'static str,
    opponent: String,
    size: u8,
    state: String,
}

/// Writes every published player's page.
pub(crate) fn write(
    lists: &Lists<'_>,
    out: &mut Writer<'_>,
    common: &Common,
    table: &[Standing],
) -> Result<(), SiteError> {
    for s in table {
        let games = lists
            .games
            .iter()
            .rev()
            .filter_map(|g| {
                let colour = match (g.black == s.name, g.white == s.name) {
                    (true, _) => "Black",
                    (_, true) => "White",
                    _ => return None,
                };
                let opponent = if colour == "Black" {
                    &g.white
                } else {
                    &g.black
                };
                Some(PlayerGame {
                    id: g.id.to_string(),
                    colour,
                    opponent: opponent.clone(),
                    size: g.size,
                    state: GameRow::of(g).state,
                })
            })
            .collect();
        let history = site::rating_history(lists.conn, &s.name)?;
        let (chart, chart_text) = chart(&history);
        let ctx = PlayerCtx {
            common: common.clone(),
            standing: s,
            games,
            chart,
            chart_text,
        };
        let page = lists.templates.render("player.html", &ctx)?;
        out.put(&format!("players/{}.html", s.name), page.as_bytes())?;
    }
    Ok(())
}

/// The chart's size in its own units.
const W: f64 = 600.0;
const H: f64 = 220.0;
const PAD: f64 = 36.0;

/// The rating chart of `history` (empty without a rated game) and its
/// text for screen readers.
fn chart(history: &[(chrono::DateTime<chrono::Utc>, f64, f64)]) -> (String, String) {
    let Some(first) = history.first() else {
        return (String::new(), String::new());
    };
    let values: Vec<f64> = std::iter::once(first.1)
        .chain(history.iter().map(|h| h.2))
        .collect();
    let (lo, hi) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(*v), h.max(*v)));
    let (lo, hi) = (lo - 10.0, hi + 10.0);
    let x = |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / (values.len() - 1).max(1) as f64;
    let y = |v: f64| H - PAD - (H - 2.0 * PAD) * (v - lo) / (hi - lo);
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
        .collect();
    let last = values.last().copied().unwrap_or(first.1);
    let text = format!(
        "Rating after each of {} rated games: from {:.0} to {:.0} (lowest {:.0}, highest {:.0}).",
        history.len(),
        first.1,
        last,
        lo + 10.0,
        hi - 10.0
    );
    let svg = format!(
        "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{text}\">\
         <rect x=\"0\" y=\"0\" width=\"{W}\" height=\"{H}\" fill=\"#fbf8ef\"/>\
         <line x1=\"{PAD}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"#999\"/>\
         <text x=\"4\" y=\"{ty}\" font-size=\"12\" fill=\"#555\">{hi:.0}</text>\
         <text x=\"4\" y=\"{by}\" font-size=\"12\" fill=\"#555\">{lo:.0}</text>\
         <polyline fill=\"none\" stroke=\"#124e8c\" stroke-width=\"2.5\" points=\"{pts}\"/></svg>",
        b = H - PAD,
        r = W - PAD,
        ty = PAD,
        by = H - PAD,
        hi = hi - 10.0,
        lo = lo + 10.0,
        pts = points.join(" "),
    );
    (svg, text)
}
