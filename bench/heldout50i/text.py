"""Sentence pools the layouts draw from (invented, clinically plausible, no real person)."""

DIAGNOSES_DE = [
    "Nicht-ST-Hebungsinfarkt (NSTEMI) (I21.4)",
    "Hypertensive Herzkrankheit (I11.9)",
    "Vorhofflimmern, paroxysmal (I48.0)",
    "Diabetes mellitus Typ 2, nicht insulinpflichtig (E11.9)",
    "Ambulant erworbene Pneumonie rechts basal (J18.9)",
    "Chronische Niereninsuffizienz Stadium G3a (N18.3)",
    "Exazerbierte COPD GOLD 3 (J44.1)",
    "Sturz mit Prellung der rechten Hüfte (S70.0)",
    "Akute Pyelonephritis links (N10)",
    "Eisenmangelanämie (D50.9)",
    "Hypothyreose (E03.9)",
    "Z. n. Implantation einer Hüft-TEP rechts",
    "Delir bei Exsikkose (F05.9)",
]
HISTORY_DE = [
    "Die stationäre Aufnahme erfolgte über die Notaufnahme bei zunehmender Belastungsdyspnoe.",
    "Der Patient berichtete über thorakales Druckgefühl seit zwei Tagen.",
    "Seit einer Woche bestanden Fieber bis 39 °C und produktiver Husten.",
    "Die Angehörigen hatten eine zunehmende Verwirrtheit bemerkt.",
    "Vorbekannt ist eine arterielle Hypertonie, die hausärztlich behandelt wird.",
    "Eine Allergie gegen Penicillin ist anamnestisch bekannt.",
]
COURSE_DE = [
    "Unter kalkulierter antibiotischer Therapie mit Ceftriaxon besserte sich der "
    "Allgemeinzustand rasch.",
    "Die Koronarangiographie zeigte eine hochgradige Stenose des RIVA, die mit einem DES "
    "versorgt wurde.",
    "Die Entzündungswerte waren im Verlauf rückläufig.",
    "Eine Frühmobilisation mit Physiotherapie wurde begonnen.",
    "Der Blutzucker wurde auf eine orale Therapie eingestellt.",
    "Die Nierenretentionswerte normalisierten sich nach Volumengabe.",
    "Echokardiographisch fand sich eine leicht eingeschränkte linksventrikuläre Funktion.",
    "Die Entlassung erfolgte in gebessertem Allgemeinzustand nach Hause.",
]
PLAN_DE = [
    "Wir bitten um Kontrolle der Elektrolyte und der Nierenwerte in einer Woche.",
    "Die duale Thrombozytenaggregationshemmung sollte für zwölf Monate fortgeführt werden.",
    "Eine ambulante kardiologische Rehabilitation wurde beantragt.",
    "Bitte überprüfen Sie den Blutdruck und passen Sie ggf. die Medikation an.",
    "Eine Verlaufskontrolle in unserer Ambulanz ist in drei Monaten vorgesehen.",
    "Wir empfehlen eine Wiedervorstellung bei Beschwerdezunahme.",
]
FINDINGS_DE = [
    "Im Ruhe-EKG Sinusrhythmus, Frequenz 68/min, Linkstyp, keine Erregungsrückbildungsstörungen.",
    "Die Belastungsergometrie bis 125 Watt war klinisch und elektrisch unauffällig.",
    "Neurologisch fand sich eine leichte distal betonte Hypästhesie beider Füße.",
    "Die Nervenleitgeschwindigkeit des N. suralis war beidseits vermindert.",
    "Der Augeninnendruck betrug rechts 17 und links 19 mmHg.",
    "Fundoskopisch keine diabetische Retinopathie.",
    "Im Langzeit-EKG keine höhergradigen Rhythmusstörungen.",
    "Die Carotis-Duplexsonographie zeigte geringe Plaques ohne hämodynamische Relevanz.",
]
MEDICATION = [
    "ASS 100 mg          1-0-0",
    "Ramipril 5 mg       1-0-0",
    "Bisoprolol 2,5 mg   1-0-0",
    "Atorvastatin 40 mg  0-0-1",
    "Metformin 1000 mg   1-0-1",
    "Pantoprazol 20 mg   1-0-0",
    "Apixaban 5 mg       1-0-1",
    "L-Thyroxin 75 µg    1-0-0",
    "Torasemid 10 mg     1-0-0",
]
IMAGING = [
    "MRT der LWS nativ",
    "CT Thorax mit KM",
    "Sonographie Abdomen",
    "Röntgen Thorax in 2 Ebenen",
    "MRT Kniegelenk rechts",
    "Mammographie beidseits",
]
INDICATIONS = [
    "Lumboischialgie links seit 6 Wochen, Ausschluss Bandscheibenvorfall.",
    "Persistierender Husten, Raucheranamnese 30 py.",
    "Erhöhte Leberwerte, Frage nach Steatosis.",
    "Z. n. Distorsion, Frage nach Meniskusläsion.",
]
IMAGING_FINDINGS = [
    "Regelrechte Stellung der Wirbelkörper.",
    "Bandscheibenprotrusion LWK 4/5 mit Kontakt zur Nervenwurzel L5 links.",
    "Keine pathologisch vergrößerten Lymphknoten.",
    "Kein Pleuraerguss.",
    "Leber normal groß mit vermehrter Echogenität.",
    "Kein Nachweis freier Flüssigkeit.",
    "Horizontaler Riss im Innenmeniskushinterhorn.",
    "Regelrechte Knochenstruktur.",
]
IMAGING_IMPRESSIONS = [
    "Mediolateraler Bandscheibenvorfall L4/5 links mit Affektion der Wurzel L5.",
    "Kein Anhalt für Malignität. Empfehlung einer Verlaufskontrolle in 12 Monaten.",
    "Steatosis hepatis Grad II.",
    "Innenmeniskushinterhornriss, arthroskopische Abklärung empfohlen.",
]
LAB_ROWS = [
    f"{name:<26}{value:>10}  {unit:<9}{ref:<14}"
    for name, value, unit, ref in (
        ("Leukozyten", "7,8", "G/l", "3,9 - 10,2"),
        ("Erythrozyten", "4,21", "T/l", "4,1 - 5,6"),
        ("Hämoglobin", "11,9 -", "g/dl", "12,0 - 16,0"),
        ("Hämatokrit", "36,4", "%", "35 - 47"),
        ("Thrombozyten", "312", "G/l", "150 - 370"),
        ("Natrium", "138", "mmol/l", "135 - 145"),
        ("Kalium", "5,3 +", "mmol/l", "3,5 - 5,1"),
        ("Kreatinin", "1,34 +", "mg/dl", "0,5 - 0,9"),
        ("eGFR (CKD-EPI)", "48 -", "ml/min", "> 60"),
        ("GOT (AST)", "31", "U/l", "< 35"),
        ("GPT (ALT)", "44 +", "U/l", "< 35"),
        ("Gamma-GT", "52 +", "U/l", "< 40"),
        ("CRP", "12,4 +", "mg/l", "< 5,0"),
        ("TSH basal", "2,41", "mU/l", "0,27 - 4,2"),
        ("HbA1c", "7,1 +", "%", "< 6,0"),
        ("LDL-Cholesterin", "142 +", "mg/dl", "< 116"),
        ("Ferritin", "18 -", "µg/l", "30 - 400"),
        ("Harnsäure", "6,2", "mg/dl", "2,4 - 5,7"),
    )
]
LAB_ROWS_EXTRA = [
    f"{name:<26}{value:>10}  {unit:<9}{ref:<14}"
    for name, value, unit, ref in (
        ("Urin-Status", "s. u.", "", ""),
        ("Leukozyten (Urin)", "+", "", "negativ"),
        ("Nitrit", "negativ", "", "negativ"),
        ("Albumin/Kreatinin", "48 +", "mg/g", "< 30"),
    )
]
SPECIMENS = [
    "Stanzbiopsie Prostata rechts basal (3 Zylinder).",
    "Exzidat Haut Rücken, Spindel 2,1 x 0,8 cm.",
    "Kolonpolyp Sigma, Schlinge, 0,9 cm.",
    "Magenbiopsien Antrum und Corpus.",
]
MICROSCOPY = [
    "Tubulovillöses Adenom mit niedriggradiger intraepithelialer Neoplasie, Abtragungsrand frei.",
    "Compound-Nävus ohne Atypien, vollständig exzidiert.",
    "Chronische aktive Gastritis mit Nachweis von Helicobacter pylori.",
    "Azinäres Adenokarzinom, Gleason-Score 3+4=7, in 2 von 3 Zylindern.",
]
PATHO_DIAGNOSES = [
    "Tubulovillöses Adenom, R0.",
    "Benigner Compound-Nävus.",
    "HP-Gastritis Typ B.",
    "Adenokarzinom der Prostata, ISUP-Gradgruppe 2.",
]
FORM_QUESTIONS = [
    "1. Welche Diagnosen begründen die Arbeitsunfähigkeit?",
    "2. Sind Leistungen zur medizinischen Rehabilitation angezeigt?",
    "3. Wann ist mit dem Ende der Arbeitsunfähigkeit zu rechnen?",
    "4. Ist eine stufenweise Wiedereingliederung möglich?",
]
DRV_TEXT = [
    "Ihr Patient hat einen Antrag auf Leistungen zur medizinischen Rehabilitation gestellt.",
    "Für unsere Entscheidung benötigen wir einen aktuellen Befundbericht.",
    "Bitte verwenden Sie den beigefügten Vordruck S0051 und fügen Sie vorhandene Fremdbefunde bei.",
]
BG_TEXT = [
    "In der oben genannten Unfallsache übernehmen wir die Kosten der Heilbehandlung.",
    "Für die weitere Steuerung des Heilverfahrens bitten wir um einen Zwischenbericht mit "
    "Angaben zum Verlauf,",
    "zur Arbeitsfähigkeit und zu geplanten Maßnahmen. Die Gebühr nach UV-GOÄ wird erstattet.",
]
MD_TEXT = [
    "Im Auftrag der Pflegekasse haben wir die Pflegebedürftigkeit begutachtet.",
    "Die Begutachtung fand im häuslichen Umfeld im Beisein der Tochter statt.",
    "Die größten Einschränkungen bestehen in den Bereichen Mobilität und Selbstversorgung.",
]
CARE_TEXT = [
    "Seit gestern ist die Bewohnerin zunehmend schläfrig und trinkt kaum.",
    "Der Blutdruck lag heute morgen bei 92/55 mmHg, Puls 104/min.",
    "Am Steiß zeigt sich eine Rötung, nicht wegdrückbar.",
    "Die Bedarfsmedikation Novaminsulfon wurde zweimal gegeben.",
    "Das Körpergewicht ist in 4 Wochen um 3 kg gesunken.",
    "Die Tochter bittet um ein Gespräch wegen der weiteren Versorgung.",
]
PHARMACY_TEXT = [
    "Auf dem Rezept vom Vortag fehlt bei Metamizol die Stärke; lieferbar sind 500 mg.",
    "Das verordnete Präparat ist nicht lieferbar; wir schlagen ein wirkstoffgleiches Präparat vor.",
    "Die verordnete Dosierung von Methotrexat 7,5 mg täglich erscheint uns ungewöhnlich; "
    "bitte prüfen.",
]
PHYSIO_TEXT = [
    "Nach sechs Behandlungen ist die Beweglichkeit der LWS deutlich verbessert.",
    "Die Patientin führt ein Eigenübungsprogramm selbständig durch.",
    "Wir empfehlen eine Folgeverordnung über weitere 6 x KG sowie Wärmetherapie.",
]
HAND_LINES = [
    "heute wieder gestürzt, kein Bruch sichtbar,",
    "bitte Rezept für Pantoprazol + Ramipril",
    "Blutzucker morgens 210",
    "Hausbesuch diese Woche möglich?",
    "Schmerzen im Knie links, Salbe hilft nicht",
    "hat Fieber 38,4 seit gestern",
]
ENGLISH_BODY = [
    "I saw your patient in the clinic today while on holiday with family.",
    "The presenting complaint was intermittent epigastric pain for three weeks.",
    "Examination was unremarkable apart from mild tenderness in the epigastrium.",
    "An upper GI endoscopy showed mild antral gastritis; biopsies were taken.",
    "I have started a proton pump inhibitor for eight weeks and would be grateful if you "
    "could review him on return.",
    "The echocardiogram showed preserved ejection fraction without significant valvular disease.",
    "We have not arranged further follow-up here.",
    "Blood results including full blood count and renal function were within normal limits.",
]
FRENCH_BODY = [
    "J'ai vu en consultation votre patient pour une dyspnée d'effort.",
    "La spirométrie montre un trouble ventilatoire obstructif modéré, VEMS à 62 % de la théorique.",
    "Je propose l'introduction d'un bronchodilatateur de longue durée d'action et un "
    "contrôle dans trois mois.",
]
DUTCH_BODY = [
    "Uw patiënt werd tijdens een vakantie opgenomen wegens een atriumfibrilleren met snelle "
    "ventrikelrespons.",
    "Na medicamenteuze cardioversie was het ritme hersteld.",
    "Wij hebben apixaban gestart; graag controle nierfunctie.",
]
ITALIAN_BODY = [
    "Il paziente è stato ricoverato per una polmonite acquisita in comunità.",
    "Sotto terapia antibiotica il decorso è stato favorevole.",
    "Si raccomanda un controllo radiologico tra sei settimane.",
]
INSURERS = ["AOK Baden-Württemberg", "Techniker Krankenkasse", "BARMER", "IKK classic"]
# out-of-hours cases: finding, second finding, advice (kept together so each pad is coherent)
HAND_CASES = [
    (
        "Fieber 39,1, Pharyngitis,",
        "Tonsillen gerötet, kein Belag",
        "Ibuprofen 600 1-1-1, Kontrolle beim HA",
    ),
    (
        "HWI, Urin-Stix Leuko +++,",
        "Nitrit pos., kein Fieber",
        "Fosfomycin 3 g einmalig, Wiedervorstellung HA",
    ),
    (
        "RR 190/105, Kopfschmerz,",
        "keine Neurologie",
        "Amlodipin 5 mg, RR-Kontrolle morgen beim Hausarzt",
    ),
    ("Gastroenteritis seit gestern,", "Exsikkose leicht", "viel trinken, Vomex, AU bis Fr."),
    (
        "Lumbago akut nach Heben,",
        "keine Paresen, Lasègue neg.",
        "Ibuprofen 400 bei Bedarf, Wärme, AU 3 Tage",
    ),
]
