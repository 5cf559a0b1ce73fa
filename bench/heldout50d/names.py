"""Name pools for the register and for patients outside it (German, Austrian, Swiss, English, Dutch,
French, Italian, Danish and other names a practice in Germany sees)."""

SURNAMES = [
    "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz",
    "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann",
    "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt",
    "Werner", "Schmitz", "Krause", "Meier", "Lehmann", "Schmid", "Schulze", "Maier", "Köhler",
    "Herrmann", "König", "Walter", "Mayer", "Huber", "Kaiser", "Fuchs", "Peters", "Lang",
    "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Schubert", "Vogel", "Friedrich", "Keller",
    "Günther", "Frank", "Berger", "Winkler", "Roth", "Beck", "Lorenz", "Baumann", "Franke",
    "Albrecht", "Schuster", "Simon", "Ludwig", "Böhm", "Winter", "Kraus", "Martin", "Schumacher",
    "Krämer", "Vogt", "Stein", "Jäger", "Otto", "Sommer", "Groß", "Seidel", "Heinrich", "Brandt",
    "Haas", "Schreiber", "Graf", "Schulte", "Dietrich", "Ziegler", "Kuhn", "Kühn", "Pohl",
    "Engel", "Horn", "Busch", "Bergmann", "Thomas", "Voigt", "Sauer", "Arnold", "Wolff", "Pfeiffer",
    "Gruber", "Pichler", "Steiner", "Moser", "Hofer", "Leitner", "Egger", "Brunner", "Lechner",
    "Widmer", "Meili", "Käser", "Bühler", "Gerber", "Frei", "Zürcher", "Baumgartner",
    "Smith", "Jones", "Taylor", "Brown", "Wilson", "Evans", "Thompson", "Walsh", "O'Brien",
    "Murphy", "Kelly", "Byrne", "Ryan", "Johnson", "Miller", "Davis", "Garcia", "Anderson",
    "Jansen", "Visser", "Bakker", "Smit", "Meijer", "Mulder", "Bos", "Dekker",
    "Dubois", "Lefèvre", "Moreau", "Girard", "Rossi", "Ferrari", "Bianchi", "Pircher", "Gasser",
    "Kofler", "Obwexer", "Nielsen", "Jensen", "Hansen", "Pedersen", "Sørensen", "Yılmaz",
    "Kaya", "Demir", "Nowak", "Kowalski", "Wiśniewski", "Popescu", "Petrović", "Ivanova",
    "Nguyen", "Öztürk", "Çelik", "Ahmadi", "Haddad",
]
PARTICLE_SURNAMES = [
    "von Brandt", "von der Heide", "van der Berg", "van Dijk", "de Vries", "de Jong", "zu Salm",
    "von Stetten", "van den Bosch", "de la Cruz", "di Marco", "vom Hofe", "ten Brink", "Freiherr von Aichberg",
]
HYPHEN_PARTS = ["Schmidt", "Hansen", "Weber", "Lüdenscheid", "Krüger", "Brandt", "Meyer", "Roth",
                "Kessler", "Sommer", "Vogel", "Peters", "Wilson", "Smith", "Berger", "Jung"]
FEMALE = [
    "Anna", "Maria", "Ursula", "Monika", "Petra", "Elisabeth", "Sabine", "Renate", "Helga",
    "Karin", "Brigitte", "Ingrid", "Erika", "Andrea", "Gisela", "Claudia", "Susanne", "Gabriele",
    "Christa", "Christine", "Hildegard", "Birgit", "Julia", "Stefanie", "Nicole", "Katharina",
    "Lena", "Leonie", "Sophie", "Marie", "Emma", "Mia", "Hannah", "Lea", "Jana", "Laura",
    "Jülide", "Zoë", "Chloé", "Małgorzata", "Siobhán", "Aoife", "Emily", "Sarah", "Margaret",
    "Ingeborg", "Liselotte", "Anneliese", "Hedwig", "Käthe", "Sanne", "Femke", "Mette", "Giulia",
    "Hélène", "Ayşe", "Fatma", "Olena", "Bärbel", "Dörte", "Jutta", "Ilse", "Greta", "Ella",
]
MALE = [
    "Peter", "Michael", "Thomas", "Andreas", "Wolfgang", "Klaus", "Jürgen", "Günter", "Stefan",
    "Christian", "Uwe", "Werner", "Horst", "Frank", "Dieter", "Manfred", "Gerhard", "Hans",
    "Bernd", "Joachim", "Ralf", "Helmut", "Heinz", "Walter", "Karl", "Lukas", "Leon", "Finn",
    "Jonas", "Paul", "Ben", "Elias", "Noah", "Felix", "Maximilian", "Jörg", "Björn", "Sören",
    "Seán", "Liam", "John", "David", "James", "Robert", "Daan", "Sem", "Lars", "Søren",
    "François", "Luca", "Matteo", "Mehmet", "Ömer", "Piotr", "Dragan", "Ali", "Josef", "Alois",
    "Reto", "Urs", "Florian", "Tobias", "Sebastian", "Henrik", "Emil", "Anton",
]
SECOND_GIVEN = {"F": ["Maria", "Anna", "Luise", "Johanna", "Elisabeth", "Marie", "Sophie", "Theresa"],
                "M": ["Josef", "Peter", "Karl", "Friedrich", "Wilhelm", "Alexander", "Michael"]}
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dr. phil.", "Dipl.-Ing.", "Dr. rer. nat.", "Mag."]
STREETS = ["Hauptstraße", "Schulstraße", "Gartenstraße", "Bahnhofstraße", "Dorfstraße",
           "Bergstraße", "Birkenweg", "Lindenstraße", "Kirchstraße", "Waldstraße", "Ringstraße",
           "Schillerstraße", "Goethestraße", "Am Mühlbach", "Rosenweg", "Wiesenweg", "Talstraße",
           "Eichendorffstraße", "Im Grün", "Schwarzwaldstraße", "Kaiser-Joseph-Straße"]
CITIES = [("79098", "Freiburg im Breisgau"), ("79100", "Freiburg im Breisgau"),
          ("79102", "Freiburg im Breisgau"), ("79211", "Denzlingen"), ("79224", "Umkirch"),
          ("79232", "March"), ("79241", "Ihringen"), ("79249", "Merzhausen"),
          ("79252", "Stegen"), ("79254", "Oberried"), ("79256", "Buchenbach"),
          ("79280", "Au"), ("79199", "Kirchzarten"), ("79312", "Emmendingen"),
          ("79194", "Gundelfingen"), ("79189", "Bad Krozingen"), ("79219", "Staufen im Breisgau")]

UMLAUT = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}


def transliterate(text: str) -> str:
    """The letter's spelling without umlauts (Müller -> Mueller), as foreign and older systems write it."""
    return "".join(UMLAUT.get(char, char) for char in text)
