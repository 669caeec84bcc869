//! Aligned text tables (a tournament's standings and crosstable) in a
//! mail's text become `<table class="grid">`s of its HTML part, which the
//! HTML5 parser reads without an error (`html_check`).

use pbmgo::mail::alternative;

use crate::common::html_check::{elements, problems};

/// A tournament mail's text: standings, then a crosstable wider than a
/// phone, then a count that is no table.
const TEXT: &str = "\
Standings of Autumn Swiss after round 3

  Pl  Player   Pts  Wins  SOS  SOSOS  SODOS
   1  alice      3     3    4     12      4
   2  bob        2     2    5     11      2
   3= carol      1     1    6     10      0
   3= dave <&>   1     1    6     10      0

Crosstable

  Pl  Player   R1     R2     R3     R4     R5     R6     Pts  SOS  SOSOS
   1  alice    4+/b   2+/w   3+/b   5+/w   6+/b   7+/w     6   18     90
   2  bob      3+/w   1-/b   4+/w   6-/b   5+/w   bye      4   20     88

    Black: 3 = 3
    White: 0.5
";

#[test]
fn standings_and_a_crosstable_are_tables_the_parser_reads_cleanly() {
    let html = alternative::html(TEXT, "[Autumn Swiss] round 3");
    let found = problems(&html);
    assert!(found.is_empty(), "{found:#?}\n{html}");
    let tables = elements(&html, "table");
    assert_eq!(tables.len(), 2, "{html}");
    assert!(
        tables
            .iter()
            .all(|(attrs, _)| attrs == &[("class".to_string(), "grid".to_string())])
    );
    let cells: Vec<String> = elements(&html, "td").into_iter().map(|(_, t)| t).collect();
    assert_eq!(&cells[21..28], ["3=", "dave <&>", "1", "1", "6", "10", "0"]);
    assert_eq!(elements(&html, "th").len(), 7 + 11);
    let pre = elements(&html, "pre");
    assert_eq!(pre.len(), 1, "{html}");
    assert_eq!(pre[0].1, "    Black: 3 = 3\n    White: 0.5");
    assert_eq!(elements(&html, "div")[0].0[0].1, "scroll");
}
