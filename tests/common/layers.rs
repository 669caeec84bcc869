//! The two layer tables of docs/architecture.md, read as the rules they
//! are: which top-level module of `src/` may import which, and the
//! pipeline's layers in order with the modules each folder holds. The
//! documentation is the table the architecture test checks, so it cannot
//! drift from the code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::source::Tree;

/// The rules as docs/architecture.md writes them.
pub struct Layers {
    /// Each top-level module of `src/` and the modules it may import.
    pub rooms: Vec<(String, Vec<String>)>,
    /// The pipeline's layers in order (each imports only those before
    /// it), each with the modules its folder holds.
    pub pipeline: Vec<(String, Vec<String>)>,
}

impl Layers {
    /// The tables of `root`/docs/architecture.md.
    pub fn read(root: &Path) -> Layers {
        let path = root.join("docs").join("architecture.md");
        Layers::parse(&std::fs::read_to_string(path).unwrap())
    }

    /// The tables of a Markdown text: the one whose header starts
    /// `| module |` and the one whose header starts `| layer |`.
    pub fn parse(markdown: &str) -> Layers {
        let layers = Layers {
            rooms: table(markdown, "| module |"),
            pipeline: table(markdown, "| layer |"),
        };
        assert!(
            !layers.rooms.is_empty() && !layers.pipeline.is_empty(),
            "docs/architecture.md lost a layer table"
        );
        layers
    }

    /// The modules the top-level module `room` may import, or `None` when
    /// it has no row.
    pub fn allowed(&self, room: &str) -> Option<&[String]> {
        let row = self.rooms.iter().find(|(name, _)| name == room)?;
        Some(&row.1)
    }

    /// The place of the pipeline layer `name` in its table.
    pub fn rank(&self, name: &str) -> Option<usize> {
        self.pipeline.iter().position(|(layer, _)| layer == name)
    }
}

/// The rows of the table whose header line starts with `header`: the name
/// in backticks in the first column, and the names in backticks in the
/// last.
fn table(markdown: &str, header: &str) -> Vec<(String, Vec<String>)> {
    markdown
        .lines()
        .skip_while(|line| !line.starts_with(header))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
            let name = ticked(cells[0]).into_iter().next().unwrap_or_default();
            (name, ticked(cells[cells.len() - 1]))
        })
        .collect()
}

/// The spans of `cell` in backticks.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Imports that the layer tables do not allow: of a top-level module its
/// row does not name, and inside the pipeline, of a layer after the
/// importing file's own (or of the pipeline's `mod.rs`). Both the file an
/// import leads to and the module it names count: an item of a lower layer
/// imported through a higher one's re-export is an arrow up too. The engine
/// (`go`) and the pictures (`render`) are crates of their own: Cargo keeps
/// them below every module, and `crate::go`/`crate::render` name no file.
pub fn layer_breaks(tree: &Tree, layers: &Layers) -> Vec<String> {
    let mut out = Vec::new();
    for (rel, file) in &tree.files {
        let Some(top) = file.module.first() else {
            continue;
        };
        let Some(allowed) = layers.allowed(top) else {
            out.push(format!(
                "{rel}: top-level module {top} has no layer in the rules"
            ));
            continue;
        };
        let mut targets = tree.edges_of(rel);
        targets.extend(tree.named_by(rel));
        for target in targets {
            let other = &tree.files[&target].module;
            match other.first() {
                Some(t) if t != top && !allowed.iter().any(|a| a == t) => {
                    out.push(format!("{rel} imports {t} ({target})"))
                }
                Some(t) if t == "pipeline" && top == "pipeline" => {
                    out.extend(pipeline_break(rel, &file.module, &target, other, layers))
                }
                _ => {}
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The break, if any, of the pipeline file `rel` (module `from`)
/// importing `target` (module `to`).
fn pipeline_break(
    rel: &str,
    from: &[String],
    target: &str,
    to: &[String],
    layers: &Layers,
) -> Option<String> {
    let own = from.get(1)?;
    let Some(rank) = layers.rank(own) else {
        return Some(format!("{rel}: pipeline layer {own} is not in the table"));
    };
    match to.get(1).map(|l| (l, layers.rank(l))) {
        None => Some(format!("{rel} imports the pipeline's mod.rs")),
        Some((l, Some(r))) if r > rank => Some(format!("{rel} ({own}) imports {l} ({target})")),
        _ => None,
    }
}

/// Each pipeline layer whose folder holds other modules than its row in
/// the table names, and each folder with no row.
pub fn pipeline_rows_differ(tree: &Tree, layers: &Layers) -> Vec<String> {
    let mut held: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in tree.files.values() {
        if let [top, layer, rest @ ..] = file.module.as_slice()
            && top == "pipeline"
        {
            let children = held.entry(layer.clone()).or_default();
            children.extend(rest.first().cloned());
        }
    }
    let mut out = Vec::new();
    for (layer, children) in &held {
        let row = layers.pipeline.iter().find(|(name, _)| name == layer);
        match row {
            None => out.push(format!("pipeline/{layer} has no row")),
            Some((_, names)) => {
                let named: BTreeSet<String> = names.iter().cloned().collect();
                if &named != children {
                    out.push(format!(
                        "pipeline/{layer}: folder {children:?}, row {named:?}"
                    ));
                }
            }
        }
    }
    for (name, _) in &layers.pipeline {
        if !held.contains_key(name) {
            out.push(format!("the row {name} has no folder"));
        }
    }
    out
}
