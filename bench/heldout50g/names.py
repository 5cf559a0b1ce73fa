# SPDX-License-Identifier: AGPL-3.0-or-later
"""Name and place lists the register and the letters draw from (invented, common German mix)."""

SURNAMES = [
    "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz",
    "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann",
    "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt",
    "Werner", "Schmitz", "Krause", "Meier", "Lehmann", "Schmid", "Schulze", "Maier", "Köhler",
    "Herrmann", "König", "Walter", "Mayer", "Huber", "Kaiser", "Fuchs", "Peters", "Lang",
    "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Vogel", "Friedrich", "Keller", "Günther",
    "Frank", "Berger", "Winkler", "Roth", "Beck", "Lorenz", "Baumann", "Franke", "Albrecht",
    "Schuster", "Simon", "Ludwig", "Böhm", "Winter", "Kraus", "Martin", "Schumacher", "Krämer",
    "Vogt", "Stein", "Jäger", "Otto", "Sommer", "Groß", "Seidel", "Heinrich", "Brandt", "Haas",
    "Schreiber", "Graf", "Schulte", "Dietrich", "Ziegler", "Kuhn", "Kühn", "Pohl", "Engel",
    "Horn", "Busch", "Bergmann", "Thomas", "Voigt", "Sauer", "Arnold", "Wolff", "Pfeiffer",
    "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Kowalski", "Nowak", "Wiśniewski",
    "Dąbrowski", "Novák", "Dvořák", "Rossi", "Russo", "Esposito", "García", "Fernández",
    "Popescu", "Ivanović", "Petrović", "Nguyen", "Papadopoulos", "Jansen", "de Vries",
    "van der Berg", "Smith", "O'Brien", "Dubois", "Lefèvre", "Silva", "Gonçalves", "Lindqvist",
    "Åberg", "Hadžić", "Ahmadi", "Haddad",
]
PARTICLE_SURNAMES = [
    "von Brandt", "von der Heide", "zu Löwenstein", "van Dijk", "de la Cruz", "von Ahlen",
    "vom Stein", "ten Brink", "di Marco", "Freiherr von Weißenfels",
]
GIVEN_F = [
    "Anna", "Maria", "Ursula", "Monika", "Petra", "Sabine", "Claudia", "Susanne", "Andrea",
    "Birgit", "Karin", "Renate", "Helga", "Gisela", "Ingrid", "Julia", "Katharina", "Lena",
    "Laura", "Sophie", "Marie", "Hannah", "Emma", "Mia", "Leonie", "Jana", "Nicole", "Stefanie",
    "Christiane", "Gertrud", "Hildegard", "Elfriede", "Irmgard", "Zeynep", "Ayşe", "Elif",
    "Agnieszka", "Małgorzata", "Jitka", "Giulia", "Lucía", "Chloé", "Björg", "Ana", "Fatma",
    "Anne-Kathrin", "Marie-Luise", "Eva", "Frauke", "Heike",
]
GIVEN_M = [
    "Peter", "Michael", "Thomas", "Andreas", "Wolfgang", "Klaus", "Jürgen", "Günter", "Stefan",
    "Frank", "Uwe", "Dieter", "Hans", "Horst", "Werner", "Manfred", "Bernd", "Helmut", "Ralf",
    "Jens", "Lukas", "Leon", "Finn", "Jonas", "Paul", "Felix", "Maximilian", "Elias", "Noah",
    "Ben", "Mehmet", "Mustafa", "Ahmet", "Piotr", "Krzysztof", "Jiří", "Marco", "José",
    "François", "Søren", "Emre", "Karl-Heinz", "Hans-Peter", "Jörg", "Björn", "Matthias",
    "Tobias", "Sebastian", "Ömer", "Dragan",
]
TITLES = ["Dr.", "Prof. Dr.", "Dr. med.", "Dipl.-Ing.", "Dr. rer. nat."]
STREETS = [
    "Hauptstraße", "Schulstraße", "Gartenstraße", "Bahnhofstraße", "Dorfstraße", "Bergstraße",
    "Lindenallee", "Birkenweg", "Am Mühlbach", "Kirchplatz", "Rosenstraße", "Goethestraße",
    "Schillerstraße", "Mozartweg", "Uferstraße", "Feldweg", "Auf der Höhe", "Eichendorffring",
]
CITIES = [
    ("34117", "Kassel"), ("34119", "Kassel"), ("34225", "Baunatal"), ("34246", "Vellmar"),
    ("34260", "Kaufungen"), ("34277", "Fuldabrück"), ("34128", "Kassel"), ("34233", "Fuldatal"),
    ("34253", "Lohfelden"), ("34292", "Ahnatal"), ("34302", "Guxhagen"), ("34317", "Habichtswald"),
]
