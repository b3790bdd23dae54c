/**
 * Recognised training occupations (staatlich anerkannte Ausbildungsberufe nach BBiG/HwO), the list
 * the posting form offers for "Ausbildungsberuf" and the statistics group by (issue #48).
 *
 * Source: Bundesinstitut für Berufsbildung (BIBB), "Verzeichnis der anerkannten
 * Ausbildungsberufe" (https://www.bibb.de/verzeichnis). Stand of this copy: 7 December 2026.
 * CAUTION: this machine had no internet access when the list was written: it was written from
 * knowledge of the Verzeichnis (editions up to 2024), not copied from it. It covers the common
 * dual occupations of industry, trade, crafts, services, agriculture and the public service, not
 * necessarily all ~325 and not the newest renamings. Before a go-live, compare it with the current
 * Verzeichnis and add what is missing (adding a name is safe; renaming one moves its postings to
 * "Anderer Beruf" in the statistics until they are saved again with the new name).
 *
 * Names are the Verzeichnis' paired forms ("Bäcker/Bäckerin"); school-based occupations (e.g.
 * Pflegefachmann/Pflegefachfrau under the PflBG) are included where schools and employers in the
 * region recruit for them.
 */
export const TRAINING_OCCUPATIONS_SOURCE =
  'BIBB, Verzeichnis der anerkannten Ausbildungsberufe (aus dem Gedächtnis erfasst, Stand 07.12.2026)';

export const TRAINING_OCCUPATIONS: readonly string[] = [
  'Anlagenmechaniker/Anlagenmechanikerin',
  'Anlagenmechaniker/Anlagenmechanikerin für Sanitär-, Heizungs- und Klimatechnik',
  'Asphaltbauer/Asphaltbauerin',
  'Augenoptiker/Augenoptikerin',
  'Automatenfachmann/Automatenfachfrau',
  'Automobilkaufmann/Automobilkauffrau',
  'Bäcker/Bäckerin',
  'Bankkaufmann/Bankkauffrau',
  'Baugeräteführer/Baugeräteführerin',
  'Bauten- und Objektbeschichter/Bauten- und Objektbeschichterin',
  'Bauwerksabdichter/Bauwerksabdichterin',
  'Bauzeichner/Bauzeichnerin',
  'Behälter- und Apparatebauer/Behälter- und Apparatebauerin',
  'Berufskraftfahrer/Berufskraftfahrerin',
  'Beton- und Stahlbetonbauer/Beton- und Stahlbetonbauerin',
  'Betonfertigteilbauer/Betonfertigteilbauerin',
  'Biologielaborant/Biologielaborantin',
  'Bodenleger/Bodenlegerin',
  'Bogenmacher/Bogenmacherin',
  'Boots- und Schiffbauer/Boots- und Schiffbauerin',
  'Brauer und Mälzer/Brauerin und Mälzerin',
  'Brunnenbauer/Brunnenbauerin',
  'Buchbinder/Buchbinderin',
  'Buchhändler/Buchhändlerin',
  'Chemielaborant/Chemielaborantin',
  'Chemikant/Chemikantin',
  'Chirurgiemechaniker/Chirurgiemechanikerin',
  'Dachdecker/Dachdeckerin',
  'Destillateur/Destillateurin',
  'Drechsler (Elfenbeinschnitzer)/Drechslerin (Elfenbeinschnitzerin)',
  'Drogist/Drogistin',
  'Edelmetallprüfer/Edelmetallprüferin',
  'Elektroniker/Elektronikerin',
  'Elektroniker/Elektronikerin für Automatisierungstechnik',
  'Elektroniker/Elektronikerin für Betriebstechnik',
  'Elektroniker/Elektronikerin für Gebäude- und Infrastruktursysteme',
  'Elektroniker/Elektronikerin für Geräte und Systeme',
  'Elektroniker/Elektronikerin für Informations- und Systemtechnik',
  'Elektroniker/Elektronikerin für Maschinen und Antriebstechnik',
  'Elektroanlagenmonteur/Elektroanlagenmonteurin',
  'Fachinformatiker/Fachinformatikerin',
  'Fachkraft für Abwassertechnik',
  'Fachkraft für Agrarservice',
  'Fachkraft für Gastronomie',
  'Fachkraft für Hafenlogistik',
  'Fachkraft für Kreislauf- und Abfallwirtschaft',
  'Fachkraft für Lagerlogistik',
  'Fachkraft für Lebensmitteltechnik',
  'Fachkraft für Metalltechnik',
  'Fachkraft für Möbel-, Küchen- und Umzugsservice',
  'Fachkraft für Rohr-, Kanal- und Industrieservice',
  'Fachkraft für Schutz und Sicherheit',
  'Fachkraft für Straßen- und Verkehrstechnik',
  'Fachkraft für Veranstaltungstechnik',
  'Fachkraft für Wasserversorgungstechnik',
  'Fachkraft im Fahrbetrieb',
  'Fachlagerist/Fachlageristin',
  'Fachmann/Fachfrau für Restaurants und Veranstaltungsgastronomie',
  'Fachmann/Fachfrau für Systemgastronomie',
  'Fachverkäufer/Fachverkäuferin im Lebensmittelhandwerk',
  'Fahrradmonteur/Fahrradmonteurin',
  'Fahrzeuginnenausstatter/Fahrzeuginnenausstatterin',
  'Fahrzeuglackierer/Fahrzeuglackiererin',
  'Feinwerkmechaniker/Feinwerkmechanikerin',
  'Fleischer/Fleischerin',
  'Florist/Floristin',
  'Forstwirt/Forstwirtin',
  'Fotograf/Fotografin',
  'Fotomedienfachmann/Fotomedienfachfrau',
  'Friseur/Friseurin',
  'Gärtner/Gärtnerin',
  'Gebäudereiniger/Gebäudereinigerin',
  'Geomatiker/Geomatikerin',
  'Gießereimechaniker/Gießereimechanikerin',
  'Glaser/Glaserin',
  'Gleisbauer/Gleisbauerin',
  'Goldschmied/Goldschmiedin',
  'Hauswirtschafter/Hauswirtschafterin',
  'Hochbaufacharbeiter/Hochbaufacharbeiterin',
  'Holzbearbeitungsmechaniker/Holzbearbeitungsmechanikerin',
  'Holzmechaniker/Holzmechanikerin',
  'Hotelfachmann/Hotelfachfrau',
  'Immobilienkaufmann/Immobilienkauffrau',
  'Industrieelektriker/Industrieelektrikerin',
  'Industriekaufmann/Industriekauffrau',
  'Industriemechaniker/Industriemechanikerin',
  'Informationselektroniker/Informationselektronikerin',
  'IT-System-Elektroniker/IT-System-Elektronikerin',
  'Kanalbauer/Kanalbauerin',
  'Karosserie- und Fahrzeugbaumechaniker/Karosserie- und Fahrzeugbaumechanikerin',
  'Kaufmann/Kauffrau für Büromanagement',
  'Kaufmann/Kauffrau für Dialogmarketing',
  'Kaufmann/Kauffrau für Digitalisierungsmanagement',
  'Kaufmann/Kauffrau für E-Commerce',
  'Kaufmann/Kauffrau für Groß- und Außenhandelsmanagement',
  'Kaufmann/Kauffrau für IT-System-Management',
  'Kaufmann/Kauffrau für Marketingkommunikation',
  'Kaufmann/Kauffrau für Spedition und Logistikdienstleistung',
  'Kaufmann/Kauffrau für Tourismus und Freizeit',
  'Kaufmann/Kauffrau für Verkehrsservice',
  'Kaufmann/Kauffrau für Versicherungen und Finanzanlagen',
  'Kaufmann/Kauffrau im Einzelhandel',
  'Kaufmann/Kauffrau im Gesundheitswesen',
  'Kaufmann/Kauffrau im Sport- und Fitnessbereich',
  'Kaufmann/Kauffrau in der Hotellerie',
  'Keramiker/Keramikerin',
  'Koch/Köchin',
  'Konditor/Konditorin',
  'Konstruktionsmechaniker/Konstruktionsmechanikerin',
  'Kosmetiker/Kosmetikerin',
  'Kraftfahrzeugmechatroniker/Kraftfahrzeugmechatronikerin',
  'Kunststoff- und Kautschuktechnologe/Kunststoff- und Kautschuktechnologin',
  'Land- und Baumaschinenmechatroniker/Land- und Baumaschinenmechatronikerin',
  'Landwirt/Landwirtin',
  'Maler und Lackierer/Malerin und Lackiererin',
  'Maschinen- und Anlagenführer/Maschinen- und Anlagenführerin',
  'Maurer/Maurerin',
  'Mechatroniker/Mechatronikerin',
  'Mechatroniker/Mechatronikerin für Kältetechnik',
  'Mediengestalter/Mediengestalterin Digital und Print',
  'Mediengestalter/Mediengestalterin Bild und Ton',
  'Medizinischer Fachangestellter/Medizinische Fachangestellte',
  'Metallbauer/Metallbauerin',
  'Milchtechnologe/Milchtechnologin',
  'Milchwirtschaftlicher Laborant/Milchwirtschaftliche Laborantin',
  'Müller (Verfahrenstechnologe/Verfahrenstechnologin in der Mühlen- und Getreidewirtschaft)',
  'Notarfachangestellter/Notarfachangestellte',
  'Oberflächenbeschichter/Oberflächenbeschichterin',
  'Orthopädietechnik-Mechaniker/Orthopädietechnik-Mechanikerin',
  'Orthopädieschuhmacher/Orthopädieschuhmacherin',
  'Packmitteltechnologe/Packmitteltechnologin',
  'Papiertechnologe/Papiertechnologin',
  'Personaldienstleistungskaufmann/Personaldienstleistungskauffrau',
  'Pferdewirt/Pferdewirtin',
  'Pflanzentechnologe/Pflanzentechnologin',
  'Pflegefachmann/Pflegefachfrau',
  'Pharmakant/Pharmakantin',
  'Pharmazeutisch-kaufmännischer Angestellter/Pharmazeutisch-kaufmännische Angestellte',
  'Physiklaborant/Physiklaborantin',
  'Polster- und Dekorationsnäher/Polster- und Dekorationsnäherin',
  'Produktdesigner/Produktdesignerin',
  'Produktionsfachkraft Chemie',
  'Produktionstechnologe/Produktionstechnologin',
  'Raumausstatter/Raumausstatterin',
  'Rechtsanwaltsfachangestellter/Rechtsanwaltsfachangestellte',
  'Rechtsanwalts- und Notarfachangestellter/Rechtsanwalts- und Notarfachangestellte',
  'Rollladen- und Sonnenschutzmechatroniker/Rollladen- und Sonnenschutzmechatronikerin',
  'Schornsteinfeger/Schornsteinfegerin',
  'Sozialversicherungsfachangestellter/Sozialversicherungsfachangestellte',
  'Sport- und Fitnesskaufmann/Sport- und Fitnesskauffrau',
  'Steinmetz und Steinbildhauer/Steinmetzin und Steinbildhauerin',
  'Steuerfachangestellter/Steuerfachangestellte',
  'Straßenbauer/Straßenbauerin',
  'Straßenwärter/Straßenwärterin',
  'Stuckateur/Stuckateurin',
  'Systemelektroniker/Systemelektronikerin',
  'Technischer Modellbauer/Technische Modellbauerin',
  'Technischer Produktdesigner/Technische Produktdesignerin',
  'Technischer Systemplaner/Technische Systemplanerin',
  'Textil- und Modeschneider/Textil- und Modeschneiderin',
  'Tiefbaufacharbeiter/Tiefbaufacharbeiterin',
  'Tiermedizinischer Fachangestellter/Tiermedizinische Fachangestellte',
  'Tierpfleger/Tierpflegerin',
  'Tischler/Tischlerin',
  'Tourismuskaufmann/Tourismuskauffrau (Kaufmann/Kauffrau für Privat- und Geschäftsreisen)',
  'Trockenbaumonteur/Trockenbaumonteurin',
  'Umwelttechnologe/Umwelttechnologin für Abwasserbewirtschaftung',
  'Umwelttechnologe/Umwelttechnologin für Wasserversorgung',
  'Uhrmacher/Uhrmacherin',
  'Verfahrensmechaniker/Verfahrensmechanikerin für Beschichtungstechnik',
  'Verfahrensmechaniker/Verfahrensmechanikerin für Kunststoff- und Kautschuktechnik',
  'Verfahrenstechnologe/Verfahrenstechnologin Metall',
  'Verkäufer/Verkäuferin',
  'Vermessungstechniker/Vermessungstechnikerin',
  'Verwaltungsfachangestellter/Verwaltungsfachangestellte',
  'Werkfeuerwehrmann/Werkfeuerwehrfrau',
  'Werkstoffprüfer/Werkstoffprüferin',
  'Werkzeugmechaniker/Werkzeugmechanikerin',
  'Winzer/Winzerin',
  'Zahnmedizinischer Fachangestellter/Zahnmedizinische Fachangestellte',
  'Zahntechniker/Zahntechnikerin',
  'Zerspanungsmechaniker/Zerspanungsmechanikerin',
  'Zimmerer/Zimmerin',
  'Zweiradmechatroniker/Zweiradmechatronikerin',
];

/** Statistics group for a posting whose occupation is not on the list (free text, "anderer Beruf"). */
export const OTHER_OCCUPATION_LABEL = 'Anderer Beruf';
/** Statistics group for a posting without any occupation. */
export const NO_OCCUPATION_LABEL = 'Ohne Angabe';

/** Lower case, umlauts and ß spelled out, whitespace collapsed: "bäcker/BÄCKERIN " = "baecker/baeckerin". */
function occupationKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
}

const OFFICIAL_BY_KEY = new Map(TRAINING_OCCUPATIONS.map((name) => [occupationKey(name), name]));

/** The official spelling of a name on the list (case, umlaut spelling and spaces ignored), else null. */
export function officialOccupation(name: string | null | undefined): string | null {
  if (!name) return null;
  return OFFICIAL_BY_KEY.get(occupationKey(name)) ?? null;
}

/**
 * The statistics group of a posting's occupation: its official name, "Anderer Beruf" for any
 * other text (also the free text of postings written before the list), "Ohne Angabe" for none.
 */
export function occupationGroup(name: string | null | undefined): string {
  if (!name || name.trim() === '') return NO_OCCUPATION_LABEL;
  return officialOccupation(name) ?? OTHER_OCCUPATION_LABEL;
}
