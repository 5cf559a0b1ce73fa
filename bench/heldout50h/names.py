"""Name, street and place pools for the eighth blind facts set (invented for it, written blind)."""

from __future__ import annotations

SURNAMES_DE = ["Ackermann", "Albers", "Bachmann", "Baumgart", "Beckmann", "Behrendt", "Bergmann", "Bosch", "Brandes", "Brinkmann", "Dahlke", "Diekmann", "Dittrich", "Eggers", "Ehlers", "Engel", "Esser", "Fiedler", "Fleischer", "Frenzel", "Friedrichs", "Gerlach", "Goertz", "Grabowski", "Haas", "Hahn", "Hartwig", "Heinemann", "Hellwig", "Henning", "Herzog", "Hoffmann", "Holtkamp", "Horn", "Janssen", "Jansen", "Kaiser", "Kemper", "Kersting", "Klaassen", "Kleinschmidt", "Klose", "Koch", "Kramer", "Kuhn", "Lambertz", "Lange", "Lehmann", "Lindner", "Lorenz", "Ludwig", "Mahler", "Marx", "Meier", "Meyer", "Michels", "Nagel", "Neumann", "Nowak", "Oppermann", "Ostendorf", "Pauly", "Peters", "Pohl", "Quast", "Rademacher", "Reinhardt", "Riedel", "Rohde", "Roth", "Sander", "Sauer", "Scholz", "Schulte", "Schwarz", "Seidel", "Siebert", "Sommer", "Stein", "Strauch", "Thiele", "Tillmann", "Ulrich", "Vogel", "Voss", "Wagner", "Walther", "Weber", "Wendt", "Wessels", "Wilms", "Winkler", "Wolters", "Zander", "Ziegler"]

# Names with an umlaut or ß: the letters sometimes spell them out (ue, oe, ae, ss).
SURNAMES_UMLAUT = ["Müller", "Schäfer", "Köhler", "Günther", "Böhm", "Krüger", "Jäger", "Möller", "Schröder", "Hübner", "Göbel", "Brückner", "Küppers", "Dörr", "Förster", "Gräber", "Höfer", "Jürgens", "Kämmerer", "Lüdtke", "Mößner", "Nüßlein", "Pfröhmer", "Rößler", "Schütte", "Stöcker", "Süßmuth", "Thürmer", "Wächter", "Zöllner", "Große", "Strauß", "Weiß", "Fuß"]

SURNAMES_FOREIGN = ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Aydın", "Arslan", "Doğan", "Kowalski", "Wiśniewski", "Zieliński", "Szymańska", "Wójcik", "Kamińska", "Lewandowski", "Rossi", "Esposito", "Bianchi", "Romano", "Ferrari", "García", "Fernández", "López", "Martínez", "Papadopoulos", "Ivanović", "Horváth", "Novák", "de", "Vries", "van", "Dijk", "Bakker"]

PARTICLE_SURNAMES = ("von Brandt", "van der Meulen", "zur Linden", "von der Heyde", "de Boer")
DOUBLE_SURNAMES = (
    "Schulte-Bräuning",
    "Meyer-Lindholm",
    "Klaassen-Öztürk",
    "Weber-Haas",
    "Roth-Nagel",
)

GIVEN_F = ["Anna", "Andrea", "Anke", "Annegret", "Birgit", "Brigitte", "Carla", "Christa", "Claudia", "Dagmar", "Doris", "Edith", "Elke", "Elisabeth", "Emma", "Erika", "Frieda", "Gabriele", "Gisela", "Hanna", "Heike", "Helga", "Ilse", "Ingrid", "Irmgard", "Jana", "Johanna", "Julia", "Karin", "Katharina", "Lea", "Lena", "Lisa", "Luise", "Margarete", "Maria", "Marion", "Martina", "Monika", "Nadine", "Petra", "Renate", "Rita", "Sabine", "Sandra", "Silke", "Sophie", "Stefanie", "Susanne", "Ursula", "Ute", "Waltraud"]
GIVEN_M = ["Alexander", "Andreas", "Bernd", "Christian", "Dieter", "Dirk", "Egon", "Erich", "Ernst", "Felix", "Frank", "Friedrich", "Georg", "Gerhard", "Hans", "Harald", "Heinz", "Helmut", "Herbert", "Horst", "Jan", "Jens", "Joachim", "Johannes", "Karl", "Klaus", "Konrad", "Lukas", "Manfred", "Markus", "Matthias", "Michael", "Norbert", "Olaf", "Paul", "Peter", "Rainer", "Ralf", "Reinhard", "Rolf", "Stefan", "Thomas", "Tim", "Torsten", "Uwe", "Volker", "Walter", "Werner", "Wilhelm", "Wolfgang"]
GIVEN_UMLAUT_F = ("Bärbel", "Käthe", "Dörte", "Jördis", "Gönül", "Müzeyyen", "Hülya")
GIVEN_UMLAUT_M = ("Jürgen", "Jörg", "Björn", "Sören", "Günter", "Özgür")
GIVEN_FOREIGN_F = ("Ayşe", "Elif", "Zeynep", "Agnieszka", "Małgorzata", "Giulia", "Lucía", "Marta")
GIVEN_FOREIGN_M = (
    "Mehmet",
    "Mustafa",
    "Emre",
    "Krzysztof",
    "Paweł",
    "Giuseppe",
    "Javier",
    "Bogdan",
)

TITLES = ("Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat.")

STREETS = (
    "Ostwall",
    "Westwall",
    "Rheinstraße",
    "Uerdinger Straße",
    "Moerser Straße",
    "Hochstraße",
    "Gladbacher Straße",
    "Friedrichstraße",
    "Lindenallee",
    "Am Bruchweg",
    "Kempener Allee",
    "Tönisvorster Weg",
    "Dionysiusplatz",
    "Grenzstraße",
    "Hülser Straße",
    "Krefelder Straße",
    "Bahnhofstraße",
    "Gartenstraße",
    "Mühlenweg",
    "Kirchplatz",
    "Schützenstraße",
    "Süchtelner Straße",
    "Eichenweg",
    "Am Kastell",
    "Burgstraße",
    "Niersweg",
    "Feldstraße",
)

PLACES = (
    ("47798", "Krefeld"),
    ("47799", "Krefeld"),
    ("47800", "Krefeld"),
    ("47809", "Krefeld"),
    ("47829", "Krefeld"),
    ("47906", "Kempen"),
    ("47918", "Tönisvorst"),
    ("41747", "Viersen"),
    ("41749", "Viersen"),
    ("41751", "Viersen"),
    ("47877", "Willich"),
    ("47929", "Grefrath"),
    ("41334", "Nettetal"),
    ("47441", "Moers"),
    ("41460", "Neuss"),
)

UMLAUT_PLAIN = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def spell_out(text: str) -> str:
    """The umlauts and ß written out as a typewriter or a foreign system writes them."""
    return "".join(UMLAUT_PLAIN.get(char, char) for char in text)
