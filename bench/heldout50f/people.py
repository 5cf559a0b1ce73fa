# SPDX-License-Identifier: AGPL-3.0-or-later
"""Name, street and town pools, by origin, for the register and the letters' people."""

from __future__ import annotations

import random
from dataclasses import dataclass

DE_SURNAMES = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitt",
    "Werner",
    "Schmitz",
    "Krause",
    "Meier",
    "Lehmann",
    "Schmid",
    "Schulze",
    "Maier",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Mayer",
    "Huber",
    "Kaiser",
    "Fuchs",
    "Peters",
    "Lang",
    "Scholz",
    "Möller",
    "Weiß",
    "Jung",
    "Hahn",
    "Schubert",
    "Vogel",
    "Friedrich",
    "Keller",
    "Günther",
    "Frank",
    "Berger",
    "Winkler",
    "Roth",
    "Beck",
    "Lorenz",
    "Baumann",
    "Franke",
    "Albrecht",
    "Schuster",
    "Simon",
    "Ludwig",
    "Böhm",
    "Winter",
    "Kraus",
    "Martin",
    "Schumacher",
    "Krämer",
    "Vogt",
    "Stein",
    "Jäger",
    "Otto",
    "Sommer",
    "Groß",
    "Seidel",
    "Heinrich",
    "Brandt",
    "Haas",
    "Schreiber",
    "Graf",
    "Schulte",
    "Dietrich",
    "Ziegler",
    "Kuhn",
    "Kühn",
    "Pohl",
    "Engel",
    "Horn",
    "Busch",
    "Bergmann",
    "Thomas",
    "Voigt",
    "Sauer",
    "Arnold",
    "Wolff",
    "Pfeiffer",
    "Brinkmann",
    "Overbeck",
    "Hülsmann",
    "Rößler",
    "Oltrogge",
    "Wichmann",
    "Janßen",
    "Ehlers",
    "Thies",
    "Claßen",
    "Küpper",
    "Büttner",
    "Dörr",
    "Sievers",
    "Reuter",
    "Lüdtke",
    "Aßmann",
    "Göbel",
    "Nüßlein",
    "Spieß",
    "Hölscher",
    "Schäfers",
    "Mertens",
    "Kremer",
    "Theißen",
    "Jöris",
    "Pütz",
    "Esser",
    "Hennes",
    "Lückerath",
    "Offermann",
    "Wirtz",
    "Dahmen",
    "Löhr",
    "Brück",
    "Zündorf",
]
DE_PARTICLE_SURNAMES = [
    "von Brandt",
    "von der Heide",
    "zu Solms",
    "von Ahlefeldt",
    "von Lüttwitz",
    "de Vries",
    "van Beek",
    "van den Bosch",
    "ter Horst",
    "von Kempis",
]
DE_GIVEN_F = [
    "Anna",
    "Maria",
    "Ursula",
    "Monika",
    "Petra",
    "Elisabeth",
    "Sabine",
    "Renate",
    "Helga",
    "Karin",
    "Brigitte",
    "Ingrid",
    "Erika",
    "Andrea",
    "Gisela",
    "Claudia",
    "Susanne",
    "Gabriele",
    "Christa",
    "Christine",
    "Hildegard",
    "Stefanie",
    "Julia",
    "Katharina",
    "Lena",
    "Lea",
    "Leonie",
    "Marie",
    "Sophie",
    "Hannah",
    "Emma",
    "Mia",
    "Laura",
    "Lisa",
    "Jana",
    "Nicole",
    "Birgit",
    "Heike",
    "Anja",
    "Doris",
    "Marlies",
    "Ilse",
    "Gertrud",
    "Anneliese",
    "Jutta",
    "Bärbel",
    "Käthe",
    "Anne-Kathrin",
    "Eva-Maria",
    "Lina",
    "Charlotte",
    "Greta",
    "Frieda",
    "Jördis",
    "Änne",
    "Dörte",
    "Gesine",
]
DE_GIVEN_M = [
    "Peter",
    "Michael",
    "Thomas",
    "Andreas",
    "Wolfgang",
    "Klaus",
    "Jürgen",
    "Günter",
    "Stefan",
    "Christian",
    "Uwe",
    "Werner",
    "Horst",
    "Frank",
    "Dieter",
    "Manfred",
    "Gerhard",
    "Hans",
    "Bernd",
    "Torsten",
    "Jan",
    "Jonas",
    "Lukas",
    "Leon",
    "Finn",
    "Paul",
    "Felix",
    "Maximilian",
    "Ben",
    "Elias",
    "Noah",
    "Karl-Heinz",
    "Hans-Peter",
    "Jörg",
    "Björn",
    "Sören",
    "Matthias",
    "Markus",
    "Tobias",
    "Sebastian",
    "Heinz",
    "Rüdiger",
    "Friedrich",
    "Wilhelm",
    "Ralf",
    "Dirk",
    "Holger",
    "Sven",
    "Timo",
    "Nils",
    "Jürgen-Ulrich",
]


@dataclass(frozen=True)
class Origin:
    code: str
    country: str
    surnames_m: tuple[str, ...]
    surnames_f: tuple[str, ...]
    given_f: tuple[str, ...]
    given_m: tuple[str, ...]


def _origin(code: str, country: str, surnames: str, given_f: str, given_m: str) -> Origin:
    """Surnames "a/b" are a male and a female form (Kowalski/Kowalska)."""
    pairs = [name.split("/") for name in surnames.split(",")]
    male = tuple(p[0].strip() for p in pairs)
    female = tuple(p[-1].strip() for p in pairs)
    return Origin(
        code,
        country,
        male,
        female,
        tuple(g.strip() for g in given_f.split(",")),
        tuple(g.strip() for g in given_m.split(",")),
    )


ORIGINS: dict[str, Origin] = {
    "de": Origin(
        "de", "DE", tuple(DE_SURNAMES), tuple(DE_SURNAMES), tuple(DE_GIVEN_F), tuple(DE_GIVEN_M)
    ),
    "tr": _origin(
        "tr",
        "DE",
        "Yılmaz,Kaya,Demir,Şahin,Çelik,Yıldız,Yıldırım,Öztürk,Aydın,Özdemir,Arslan,Doğan,Kılıç,"
        "Aslan,Çetin,Kara,Koç,Kurt,Özkan,Şimşek,Polat,Korkmaz,Güneş,Erdoğan",
        "Ayşe,Fatma,Emine,Hatice,Zeynep,Elif,Merve,Selin,Büşra,Özlem,Gül,Derya",
        "Mehmet,Mustafa,Ahmet,Ali,Hüseyin,Hasan,İbrahim,Murat,Emre,Burak,Yusuf,Ömer",
    ),
    "pl": _origin(
        "pl",
        "DE",
        "Nowak,Kowalski/Kowalska,Wiśniewski/Wiśniewska,Wójcik,Kowalczyk,Kamiński/Kamińska,"
        "Lewandowski/Lewandowska,Zieliński/Zielińska,Woźniak,Dąbrowski/Dąbrowska,Mazur,Krawczyk,"
        "Kozłowski/Kozłowska,Król,Wieczorek,Łukasiewicz,Szczepański/Szczepańska,Pawłowski/Pawłowska",
        "Agnieszka,Małgorzata,Katarzyna,Joanna,Anna,Magdalena,Ewa,Barbara,Zofia,Beata",
        "Piotr,Krzysztof,Tomasz,Paweł,Łukasz,Michał,Marcin,Jan,Grzegorz,Wojciech",
    ),
    "it": _origin(
        "it",
        "DE",
        "Rossi,Russo,Ferrari,Esposito,Bianchi,Romano,Colombo,Ricci,Marino,Greco,Bruno,Gallo,"
        "Conti,De Luca,Costa,Giordano,Mancini,Lombardi,D'Angelo,Di Stefano",
        "Giulia,Francesca,Chiara,Sara,Maria,Giuseppina,Anna,Rosa",
        "Giuseppe,Marco,Antonio,Francesco,Giovanni,Luca,Salvatore,Andrea",
    ),
    "ru": _origin(
        "ru",
        "DE",
        "Iwanow/Iwanowa,Petrow/Petrowa,Smirnow/Smirnowa,Kusnezow/Kusnezowa,Popow/Popowa,"
        "Sokolow/Sokolowa,Lebedew/Lebedewa,Kozlow/Kozlowa,Wolkow/Wolkowa",
        "Olga,Natalja,Swetlana,Tatjana,Jelena,Irina,Ljudmila",
        "Alexander,Sergej,Wladimir,Dmitri,Andrej,Viktor,Jewgeni",
    ),
    "gr": _origin(
        "gr",
        "DE",
        "Papadopoulos/Papadopoulou,Georgiou,Nikolaidis/Nikolaidou,Konstantinidis/Konstantinidou,"
        "Dimitriou,Vasileiou,Karagiannis/Karagianni",
        "Eleni,Maria,Aikaterini,Sofia,Despina",
        "Georgios,Konstantinos,Dimitrios,Nikolaos,Ioannis",
    ),
    "ar": _origin(
        "ar",
        "DE",
        "Al-Hassan,Haddad,Khalil,Nasser,Saleh,Ibrahim,Abdallah,El-Sayed,Mansour,Al-Khatib",
        "Fatima,Aisha,Layla,Mariam,Nour,Rania",
        "Mohammed,Ahmad,Omar,Khaled,Youssef,Karim",
    ),
    "nl": _origin(
        "nl",
        "NL",
        "de Vries,van den Berg,Jansen,Bakker,Visser,Smit,van Dijk,Mulder,de Jong,van der Meer",
        "Sanne,Anouk,Femke,Marieke,Ilse",
        "Daan,Sem,Bram,Thijs,Joost",
    ),
    "fr": _origin(
        "fr",
        "FR",
        "Dubois,Lefèvre,Moreau,Laurent,Girard,Rousseau,Fontaine,Mercier",
        "Céline,Hélène,Amélie,Françoise,Élodie",
        "Jean-Luc,François,Pierre,Stéphane,Jérôme",
    ),
    "en": _origin(
        "en",
        "GB",
        "Smith,O'Connor,Murphy,Walsh,Thompson,Davies,Evans,MacLeod",
        "Siobhan,Aoife,Emily,Sarah,Charlotte",
        "James,Oliver,Seán,Patrick,George",
    ),
    "vn": _origin(
        "vn",
        "DE",
        "Nguyen,Tran,Le,Pham,Hoang",
        "Thi Lan,Thi Huong,Thi Mai,Ngoc Anh",
        "Van Minh,Duc Anh,Quang Huy",
    ),
    "es": _origin(
        "es",
        "ES",
        "García,Fernández,López,Martínez,Sánchez,Pérez",
        "María José,Lucía,Carmen,Ana Belén",
        "José,Javier,Alejandro,Juan Carlos",
    ),
    "da": _origin(
        "da",
        "DK",
        "Jensen,Nielsen,Hansen,Sørensen,Mølgaard,Østergaard",
        "Mette,Line,Birthe,Søs",
        "Søren,Mads,Jørgen,Anders",
    ),
}
ORIGIN_WEIGHTS = {
    "de": 66,
    "tr": 7,
    "pl": 5,
    "it": 3,
    "ru": 4,
    "gr": 2,
    "ar": 3,
    "nl": 2,
    "fr": 1,
    "en": 2,
    "vn": 2,
    "es": 2,
    "da": 1,
}

STREETS = [
    "Hauptstraße",
    "Lindenstraße",
    "Bahnhofstraße",
    "Kirchweg",
    "Am Mühlenbach",
    "Bonner Straße",
    "Aachener Straße",
    "Neusser Straße",
    "Venloer Straße",
    "Dürener Straße",
    "Luxemburger Straße",
    "Berliner Straße",
    "Gartenstraße",
    "Schillerstraße",
    "Goethestraße",
    "Am Rosengarten",
    "Im Wiesengrund",
    "Sülzgürtel",
    "Escher Straße",
    "Merheimer Straße",
    "Frankfurter Straße",
    "Rösrather Straße",
    "Kalker Hauptstraße",
    "Deutzer Freiheit",
    "Zülpicher Straße",
    "Severinstraße",
    "Am Stadtwald",
    "Kempener Straße",
    "Niehler Straße",
    "Amsterdamer Straße",
    "Florastraße",
    "Krefelder Straße",
    "Subbelrather Straße",
    "Ehrenfeldgürtel",
    "Weißhausstraße",
    "Höhenberger Ring",
    "Olpener Straße",
    "Bergisch Gladbacher Straße",
    "Mülheimer Freiheit",
    "Graf-Adolf-Straße",
]
TOWNS = [
    ("50667", "Köln"),
    ("50733", "Köln"),
    ("50823", "Köln"),
    ("50937", "Köln"),
    ("51065", "Köln"),
    ("51103", "Köln"),
    ("51105", "Köln"),
    ("50259", "Pulheim"),
    ("50354", "Hürth"),
    ("50226", "Frechen"),
    ("51465", "Bergisch Gladbach"),
    ("51373", "Leverkusen"),
    ("50321", "Brühl"),
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dr. rer. nat.", "Dipl.-Ing.", "Mag.", "Dr. phil."]


def street_address(rng: random.Random) -> str:
    number = str(rng.randint(1, 180))
    if rng.random() < 0.12:
        number += rng.choice("abc")
    return f"{rng.choice(STREETS)} {number}"


def pick_origin(rng: random.Random) -> Origin:
    codes = list(ORIGIN_WEIGHTS)
    return ORIGINS[rng.choices(codes, [ORIGIN_WEIGHTS[c] for c in codes])[0]]


def given_names(rng: random.Random, origin: Origin, sex: str) -> str:
    pool = origin.given_f if sex == "F" else origin.given_m
    first = rng.choice(pool)
    if origin.code == "de" and rng.random() < 0.22:
        second = rng.choice(pool)
        if second != first:
            return f"{first} {second}"
    return first


def surname(rng: random.Random, origin: Origin, sex: str) -> str:
    if origin.code == "de" and rng.random() < 0.015:
        return rng.choice(DE_PARTICLE_SURNAMES)
    return rng.choice(origin.surnames_f if sex == "F" else origin.surnames_m)


def transliterate(text: str) -> str:
    """German umlauts and ß written out (Müller -> Mueller), as a typewriter or an English
    clerk writes them."""
    table = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
    return "".join(table.get(ch, ch) for ch in text)


def plain_latin(text: str) -> str:
    """Diacritics dropped (Yıldız -> Yildiz, Łukasz -> Lukasz, Müller -> Muller)."""
    import unicodedata

    special = {"ı": "i", "İ": "I", "ł": "l", "Ł": "L", "ß": "ss", "ø": "o", "Ø": "O"}
    text = "".join(special.get(ch, ch) for ch in text)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def drop_umlauts(text: str) -> str:
    """German umlauts without their dots and ß as ss (Müller -> Muller), other letters kept:
    how a Polish or Italian clerk types a German name."""
    table = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U", "ß": "ss"}
    return "".join(table.get(ch, ch) for ch in text)
