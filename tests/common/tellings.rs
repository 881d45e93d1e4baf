//! Two made-up tellings of the same five events, French and English, in
//! the same order, that disagree where two accounts do: a date one day
//! off, three guns against five, 43 generals against 49 (and agree on the
//! rest: the 5th of September, the Fifth Corps).

/// The French telling.
pub const FR: &str = "Le 23 août, Murat attaqua la redoute de Chevardino avec la division Compans; Bagration la défendit jusqu'à la nuit, et les cuirassiers lui enlevèrent trois canons.

Le lendemain, Napoléon parcourut la ligne de Borodino avec Berthier et Davout; il vit les batteries de Koutouzof sur les hauteurs de Semenovskoï.

Quarante-trois généraux avaient été tués ou blessés à Borodino; Ney et Murat pleuraient leurs amis, et Larrey soignait les blessés à Mojaïsk.

Le 5 septembre, Poniatowski marcha sur Outitza par la vieille route de Smolensk, à travers les bois, avec le cinquième corps.

Le soir, Eugène passa la Kolotcha près de Borodino avec la garde italienne et les Bavarois, pour tourner la gauche de Barclay.
";

/// The English telling.
pub const EN: &str = "On August 24th Murat attacked the Shevardino redoubt with Compans's division; Bagration held it until nightfall, and the cuirassiers captured 5 guns.

Next day Napoleon rode along the line at Borodino with Berthier and Davout; he saw the batteries of Kutuzov on the heights of Semenovskoi.

The lists show 49 generals killed or wounded at Borodino; Ney and Murat mourned their friends, and Larrey tended the wounded at Mozhaisk.

On September 5th Poniatowski marched on Utitza by the old Smolensk road, through the woods, with the Fifth Corps.

In the evening Eugène crossed the Kolocha near Borodino with the Italian Guard and the Bavarians, to turn Barclay's left.
";

/// The two as a pair, French left.
pub fn pair() -> diptych::pair::Pair {
    let meta = |code: &str| {
        let mut m = diptych::text::Meta::named(code);
        m.language = diptych::Lang::from_code(code);
        m
    };
    diptych::pair::Pair::from_texts([meta("fr"), meta("en")], [FR.into(), EN.into()])
}
