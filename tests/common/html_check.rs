//! Checks an HTML part the way a strict reader would: the HTML5 parser
//! (html5ever, with exact errors) must report no parse error, and the
//! document must keep the rules every mail of ours keeps: a doctype, a
//! language, a UTF-8 charset, a title, a colour scheme for light and dark
//! readers, no colours of its own, no remote resource (a link to follow,
//! `<a href>`, loads nothing), no script, and no element left empty.

use std::default::Default;

use html5ever::tendril::TendrilSink;
use html5ever::{ParseOpts, parse_document, tokenizer::TokenizerOpts, tree_builder};
use markup5ever_rcdom::{Handle, NodeData, RcDom};

/// Elements that are empty by definition.
const VOID: &[&str] = &["meta", "br", "hr", "img", "link", "wbr"];

/// What is wrong with a page of the web archive: [`problems`] without the
/// mail-only rules (a site page runs its own script, sets its colours in its
/// stylesheet, and its SVG shapes are empty elements by nature).
pub fn site_problems(html: &str) -> Vec<String> {
    // An empty <g> is the stones' layer of a board with no stone yet.
    let svg = ["script", "rect", "path", "circle", "line", "polyline", "g"]
        .map(|t| format!("empty <{t}>"));
    problems(html)
        .into_iter()
        .filter(|p| p != "<script>" && !p.starts_with("no color-scheme") && !svg.contains(p))
        .collect()
}

/// Returns what is wrong with `html`; empty when nothing is.
pub fn problems(html: &str) -> Vec<String> {
    let opts = ParseOpts {
        tokenizer: TokenizerOpts {
            exact_errors: true,
            ..Default::default()
        },
        tree_builder: tree_builder::TreeBuilderOpts {
            exact_errors: true,
            ..Default::default()
        },
    };
    let dom = parse_document(RcDom::default(), opts)
        .from_utf8()
        .read_from(&mut html.as_bytes())
        .expect("reading from memory");
    let mut out: Vec<String> = dom
        .errors
        .borrow()
        .iter()
        .map(|e| format!("parse error: {e}"))
        .collect();
    let mut seen = Seen::default();
    walk(&dom.document, &mut seen, &mut out);
    if !html.starts_with("<!DOCTYPE html>") {
        out.push("no <!DOCTYPE html> first".into());
    }
    for (ok, what) in [
        (seen.lang, "no lang on <html>"),
        (seen.charset, "no <meta charset=\"utf-8\">"),
        (seen.title, "no <title> with words"),
        (seen.color_scheme, "no color-scheme meta for light and dark"),
    ] {
        if !ok {
            out.push(what.into());
        }
    }
    out
}

#[derive(Default)]
struct Seen {
    lang: bool,
    charset: bool,
    title: bool,
    color_scheme: bool,
}

fn walk(node: &Handle, seen: &mut Seen, out: &mut Vec<String>) {
    if let NodeData::Element { name, attrs, .. } = &node.data {
        let tag = name.local.to_string();
        let attrs: Vec<(String, String)> = attrs
            .borrow()
            .iter()
            .map(|a| (a.name.local.to_string(), a.value.to_string()))
            .collect();
        element(&tag, &attrs, node, seen, out);
    }
    for child in node.children.borrow().iter() {
        walk(child, seen, out);
    }
}

fn element(
    tag: &str,
    attrs: &[(String, String)],
    node: &Handle,
    seen: &mut Seen,
    out: &mut Vec<String>,
) {
    let attr = |n: &str| attrs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
    match tag {
        "html" => seen.lang |= attr("lang").is_some_and(|l| !l.is_empty()),
        "meta" => {
            seen.charset |= attr("charset").is_some_and(|c| c.eq_ignore_ascii_case("utf-8"));
            seen.color_scheme |= attr("name") == Some("color-scheme")
                && attr("content").is_some_and(|c| c.contains("light") && c.contains("dark"));
        }
        "title" => seen.title |= !text_of(node).trim().is_empty(),
        "script" | "iframe" | "object" | "embed" | "form" => out.push(format!("<{tag}>")),
        "style" => style(&text_of(node), out),
        _ => {}
    }
    for (name, value) in attrs {
        let v = value.trim().to_ascii_lowercase();
        let loaded = name == "src" || name == "background" || (name == "href" && tag != "a");
        if loaded && (v.starts_with("http") || v.starts_with("//")) {
            out.push(format!("remote resource: <{tag} {name}=\"{value}\">"));
        }
        if name == "style" || name == "color" || name == "bgcolor" {
            out.push(format!("inline colour or style: <{tag} {name}>"));
        }
    }
    if !VOID.contains(&tag) && !matches!(tag, "head" | "html") && is_empty(node) {
        out.push(format!("empty <{tag}>"));
    }
}

/// A stylesheet may lay out but must not colour, nor load anything.
fn style(css: &str, out: &mut Vec<String>) {
    for decl in css.split([';', '{', '}']) {
        let prop = decl.split(':').next().unwrap_or_default().trim();
        if prop == "color" || prop.starts_with("background") {
            out.push(format!("stylesheet sets a colour: {}", decl.trim()));
        }
    }
    if css.contains("url(") || css.contains("@import") {
        out.push("stylesheet loads a resource".into());
    }
}

/// Each `tag` element of `html`, in document order: its attributes and
/// its text (the text of everything inside it).
pub fn elements(html: &str, tag: &str) -> Vec<(Vec<(String, String)>, String)> {
    let dom = parse_document(RcDom::default(), ParseOpts::default())
        .from_utf8()
        .read_from(&mut html.as_bytes())
        .expect("reading from memory");
    let mut out = Vec::new();
    collect(&dom.document, tag, &mut out);
    out
}

fn collect(node: &Handle, tag: &str, out: &mut Vec<(Vec<(String, String)>, String)>) {
    if let NodeData::Element { name, attrs, .. } = &node.data
        && &*name.local == tag
    {
        let attrs = attrs
            .borrow()
            .iter()
            .map(|a| (a.name.local.to_string(), a.value.to_string()))
            .collect();
        out.push((attrs, text_of(node)));
    }
    for child in node.children.borrow().iter() {
        collect(child, tag, out);
    }
}

fn text_of(node: &Handle) -> String {
    let mut s = String::new();
    if let NodeData::Text { contents } = &node.data {
        s.push_str(&contents.borrow());
    }
    for child in node.children.borrow().iter() {
        s.push_str(&text_of(child));
    }
    s
}

/// True when `node` holds no text but white space and no element.
fn is_empty(node: &Handle) -> bool {
    node.children.borrow().iter().all(|c| match &c.data {
        NodeData::Text { contents } => contents.borrow().trim().is_empty(),
        NodeData::Comment { .. } => true,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::problems;

    #[test]
    fn the_checker_finds_what_it_should() {
        let bad = "<html><head><title></title></head><body><p></p><ul></ul>\
                   <img src=\"http://x/y.png\"><p style=\"color:red\">x</body></html>";
        let found = problems(bad).join("\n");
        for expected in [
            "parse error",
            "empty <p>",
            "empty <ul>",
            "remote resource",
            "inline colour",
            "no lang",
            "no <title>",
            "no <!DOCTYPE",
        ] {
            assert!(found.contains(expected), "{expected} not in:\n{found}");
        }
    }

    #[test]
    fn a_link_to_follow_is_no_remote_resource() {
        let page = |body: &str| {
            format!(
                "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
                 <meta name=\"color-scheme\" content=\"light dark\"><title>t</title>\
                 {body}</head><body><p>x</p></body></html>"
            )
        };
        assert_eq!(problems(&page("")), Vec::<String>::new());
        let a = page("").replace("<p>x</p>", "<p><a href=\"https://x.example/\">x</a></p>");
        assert_eq!(problems(&a), Vec::<String>::new());
        let sheet = page("<link rel=\"stylesheet\" href=\"https://x.example/s.css\">");
        assert!(problems(&sheet).join("\n").contains("remote resource"));
    }
}
