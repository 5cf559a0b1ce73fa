"""Name, street and place lists the register and the letters draw from."""

from __future__ import annotations

SURNAMES = (
    "Albrecht Bauer Becker Berger Brandt Braun Busch Dietrich Engel Fischer Frank Friedrich "
    "Fuchs Graf Günther Haas Hahn Hartmann Heinrich Herrmann Hoffmann Horn Huber Jäger Jung "
    "Kaiser Keller Klein Koch Köhler König Krämer Krause Krüger Kuhn Kühn Lange Lehmann Lorenz "
    "Ludwig Maier Martin Mayer Meier Möller Morgenstern Müller Neumann Otto Peters Pohl Richter "
    "Roth Sauer Schäfer Scholz Schröder Schubert Schulte Schulz Schumacher Schwarz Seidel "
    "Simon Sommer Stein Thomas Vogel Vogt Voigt Wagner Walter Weber Weiß Werner Winkler Wolf "
    "Yılmaz Kaya Demir Nowak Kowalski Wiśniewski Rossi Esposito Popescu Petrović Ivanova "
    "Nguyen Haddad Öztürk Łukasik Dąbrowski Gröning Bäumer Nüßlein Pfäffle Übelacker Özdemir"
).split()
UMLAUT_SURNAMES = (
    "Müller Schröder Köhler Jäger Krüger Günther Kühn Möller Schäfer Krämer Bäumer Gröning "
    "Nüßlein Pfäffle Übelacker Löffler Süßmuth Jürgens Böhm Höfer"
).split()
PARTICLE_SURNAMES = (
    "von Brandt|von der Heide|van den Berg|de la Cruz|zu Eltz|van Dijk|von Löwenstein|"
    "de Vries|di Stefano|von Arnim|ter Horst|vom Stein"
).split("|")
GIVEN_F = (
    "Anna Maria Ursula Monika Petra Sabine Claudia Andrea Susanne Birgit Karin Gisela Helga "
    "Ingrid Renate Elke Heike Katrin Julia Lena Lea Laura Sophie Hannah Emilia Mia Greta "
    "Charlotte Johanna Marlene Ayşe Elif Agnieszka Małgorzata Giulia Elena Natalia Jülide "
    "Käthe Bärbel Anneliese Hildegard Dörte Jördis"
).split()
GIVEN_M = (
    "Jürgen Klaus Peter Wolfgang Michael Thomas Andreas Stefan Frank Uwe Dieter Günter Horst "
    "Werner Manfred Bernd Rainer Jan Lukas Felix Jonas Paul Leon Maximilian Ben Finn Elias "
    "Mehmet Mustafa Piotr Krzysztof Marco Luca Dragan Nikolai Björn Jörg Sören Hans-Peter "
    "Karl-Heinz Ömer"
).split()
SECOND_F = "Maria Luise Charlotte Elisabeth Sophie Marie Katharina Johanna".split()
SECOND_M = "Josef Friedrich Wilhelm Alexander Karl Maria Johannes Georg".split()
TITLES = ("Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat.")
STREETS = (
    "Hauptstraße|Bahnhofstraße|Lindenallee|Am Mühlbach|Kirchgasse|Gartenweg|Schillerstraße|"
    "Goethestraße|Rosenweg|Birkenweg|Im Wiesengrund|Ahornstraße|Bergstraße|Feldstraße|"
    "An der Vogelweide|Königsberger Straße|Ulmenring|Talstraße|Weiherweg|Brückenstraße"
).split("|")
PLACES = (
    ("50667", "Köln"), ("50968", "Köln"), ("50858", "Köln"), ("51063", "Köln"),
    ("53111", "Bonn"), ("51373", "Leverkusen"), ("50321", "Brühl"), ("50226", "Frechen"),
    ("51429", "Bergisch Gladbach"), ("53840", "Troisdorf"), ("50259", "Pulheim"),
    ("41539", "Dormagen"), ("53332", "Bornheim"), ("50374", "Erftstadt"),
)
