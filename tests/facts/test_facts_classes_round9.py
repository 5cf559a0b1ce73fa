"""Issue 50, ninth round: a reference block's labels ("Versichertennummer", "Aktenzeichen",
"Unser Zeichen", "Ansprechpartner/in"), which an insurer's or an office's letter head prints
in a column beside its logo, are never the sender; nor is the state's or ministry's line over
a public hospital abroad ("T.C. SAĞLIK BAKANLIĞI", "Royaume du Maroc"). Each test is a letter
of its own, written for the test."""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose

TODAY = date(2026, 12, 1)

PRACTICE = "Praxis Dr. Stöcker\nLauterbacher Straße 9\n63683 Ortenberg\n"


def _sender(text: str) -> str | None:
    found = propose(text, TODAY).get("sender")
    return found.value if found else None


@pytest.mark.parametrize(
    ("label", "value", "organisation"),
    [
        ("Versichertennummer", "Y737911572", "Knappschaft"),
        ("Versicherungsnummer", "12 310155 H 034", "Deutsche Rentenversicherung Hessen"),
        ("Aktenzeichen", "V-2026/44187", "Hessisches Amt für Versorgung und Soziales Frankfurt"),
        ("Kundennummer", "464D283288", "Agentur für Arbeit Gelsenkirchen"),
        (
            "Unser Zeichen",
            "BG-RCI 31/2026",
            "Berufsgenossenschaft Rohstoffe und chemische Industrie",
        ),
    ],
)
def test_a_reference_blocks_label_beside_the_logo_is_not_the_sender(
    label: str, value: str, organisation: str
) -> None:
    """The reference block reads label, logo, value: the label is first on the page."""
    letter = (
        f"{label}\n{organisation}\n{value}\nAnsprechpartner/in\nFrau Szczepanski\n"
        f"Telefax\n0234 304 66 050\nDatum\n22.11.2026\n"
        f"{organisation}, Pieperstraße 14, 44789 Bochum\n{PRACTICE}"
        "Betreff: Ihre Verordnung von Heilmitteln\nhier: Herr Heinz Hartmann, geb. 31.01.1962\n"
        "Sehr geehrte Frau Dr. Stöcker,\nwir bitten um einen Befundbericht.\n"
        "Mit freundlichen Grüßen\nIm Auftrag\nSzczepanski\n"
    )
    assert _sender(letter) != label
    assert _sender(letter) in (organisation, None)


@pytest.mark.parametrize(
    ("state", "hospital", "rest"),
    [
        ("T.C. SAĞLIK BAKANLIĞI", "Kayseri Şehir Hastanesi", "İç Hastalıkları Kliniği"),
        ("Royaume du Maroc", "Clinique Al Amal", "Service de Cardiologie"),
    ],
)
def test_the_states_line_over_a_hospital_abroad_is_not_the_sender(
    state: str, hospital: str, rest: str
) -> None:
    letter = (
        f"{state}\n{hospital}\n{rest}\nFax: +90 352 315 77 00\n{PRACTICE}"
        "Kayseri, 14.11.2026\nEpikriz\nHasta: Ahmet Yılmaz, 02.03.1955\n"
        "Sayın Meslektaşım,\nhastamız taburcu edilmiştir.\nSaygılarımla\nDr. Elif Demir\n"
    )
    assert _sender(letter) == hospital


def _facts(text: str) -> dict[str, str]:
    return {field: found.value for field, found in propose(text, TODAY).items()}


def test_a_relative_named_with_a_birth_date_in_a_sentence_is_not_the_patient() -> None:
    """A care service's request names its patient after the heading and the wife, with her
    birth date, in the text: the patient is the one the request is for."""
    letter = (
        "Caritas-Sozialstation Berchtesgadener Land\nNonntal 4 · 83471 Berchtesgaden\n"
        "Telefax 08652 97 61-15\n" + PRACTICE + "Bitte um Verordnung häuslicher Krankenpflege\n"
        "für Herrn Maximilian Guggenmos\nSehr geehrte Frau Doktor,\n"
        "wir versorgen Ihren Patienten seit Kurzem zweimal täglich.\n"
        "Ansprechpartnerin der Familie ist Rosi Guggenmos (geb. 05.07.1948), Ehefrau.\n"
        "Berchtesgaden, 15.08.2025\nFreundliche Grüße\nSr. Angelika Grill\n"
    )
    facts = _facts(letter)
    assert facts["patient"] == "Maximilian Guggenmos"
    assert "born" not in facts  # the wife's birth date is not his
    assert facts["title"] == "Bitte um Verordnung häuslicher Krankenpflege"


def test_a_pharmacys_question_is_titled_by_its_line_above_the_patient() -> None:
    letter = (
        "Marien-Apotheke Sonthofen\nMarktstraße 15 · 87527 Sonthofen\nTelefax 08321 26 81-9\n"
        + PRACTICE
        + "Rückfrage zu Ihrem Rezept\nfür Frau Veronika Zehetmair-Rasp (09.09.1967)\n"
        "Sehr geehrte Frau Doktor,\nauf dem Rezept fehlt die Packungsgröße.\n"
        "Sonthofen, 04.05.2025\nFreundliche Grüße\nApothekerin Lisa Prinz\n"
    )
    facts = _facts(letter)
    assert (facts["patient"], facts["born"]) == ("Veronika Zehetmair-Rasp", "1967-09-09")
    assert facts["title"] == "Rückfrage zu Ihrem Rezept"


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("Befund: Kardiologischer Befundbericht", "Kardiologischer Befundbericht"),
        (
            "Untersuchung vom 22.09.2024: CT Thorax mit Kontrastmittel",
            "CT Thorax mit Kontrastmittel",
        ),
        ("Betreff: Aufnahmetermin Rehabilitation", "Aufnahmetermin Rehabilitation"),
        (
            "Betreff: Berufskrankheit Nr. 4101 (Silikose) – Anforderung von Unterlagen",
            "Berufskrankheit Nr. 4101 (Silikose) – Anforderung von Unterlagen",
        ),
        (
            "Feststellung des Grades der Behinderung nach dem SGB IX",
            "Feststellung des Grades der Behinderung nach dem SGB IX",
        ),
        ("Untersuchung: Sonographie des Abdomens", "Sonographie des Abdomens"),
        (
            "Meldepflichtige Erkrankung nach § 6 IfSG – Rückfrage",
            "Meldepflichtige Erkrankung nach § 6 IfSG – Rückfrage",
        ),
    ],
)
def test_headings_a_label_repeats_an_examination_with_its_day_and_long_subjects(
    line: str, title: str
) -> None:
    """A report's label over a kind it names again; a radiology report's examination after
    its day; a subject of two nouns, which is no person's name; a numbered occupational
    disease; a subject of ten words over the patient's line."""
    letter = (
        "Radiologie am Isartor\nTal 41 · 80331 München\nTelefax 089 29 16 55-99\n"
        + PRACTICE
        + f"München, 23.09.2024\n{line}\nHerrn Ion Ionescu, geb. 20.05.1959\n"
        "Sehr geehrte Kolleginnen und Kollegen,\nvielen Dank für die Zuweisung.\n"
        "Mit freundlichen Grüßen\nDr. med. Anna Roth\n"
    )
    assert _facts(letter)["title"] == title


@pytest.mark.parametrize(
    ("labels", "patient"),
    [
        ("Ime i prezime: Jelena Đorđević\nDatum rođenja: 23.10.1966.", "Jelena Đorđević"),
        ("Ime in priimek: Mojca Novak\nDatum rojstva: 23.10.1966", "Mojca Novak"),
        ("Betreute Person: Herr Budde, Bernd\nGeburtsdatum: 23.10.1966", "Bernd Budde"),
    ],
)
def test_south_east_european_and_care_labels_name_the_patient(labels: str, patient: str) -> None:
    letter = f"Opšta bolnica Čačak\nFax: +381 32 322 4411\n{PRACTICE}OTPUSNA LISTA\n{labels}\n"
    facts = _facts(letter)
    assert (facts["patient"], facts["born"]) == (patient, "1966-10-23")


@pytest.mark.parametrize(
    ("dated", "day"),
    [
        ("Split, 21. rujna 2025.", "2025-09-21"),  # Croatian, the genitive
        ("Cluj-Napoca, 19 septembrie 2024", "2024-09-19"),  # Romanian
        ("Čačak, 5. novembar 2026.", "2026-11-05"),  # Serbian
        ("Ваљево, 14.11.2026.", "2026-11-14"),  # a place in Cyrillic
        ("Καβάλα, 4 Νοεμβρίου 2026", "2026-11-04"),  # Greek
        ("Wien, am 24. Feber 2025", "2025-02-24"),  # Austria's February
    ],
)
def test_dates_in_the_languages_of_the_clinics_post(dated: str, day: str) -> None:
    letter = f"Klinička bolnica\nFax: +385 21 556 699\n{PRACTICE}{dated}\nOTPUSNO PISMO\n"
    assert _facts(letter)["letter_date"] == day


def test_a_month_name_two_languages_read_differently_is_read_by_how_its_day_is_written() -> None:
    """ "listopada" is October in Croatian and November in Polish. Until the fourteenth
    round it was left unread; Croatian writes its day with an ordinal's stop ("21.
    listopada 2025."), Polish without one, so the two are told apart."""
    letter = f"Szpital Wojewódzki\nFax: +48 95 733 11 09\n{PRACTICE}Opole, 21 listopada 2025\n"
    assert _facts(letter)["letter_date"] == "2025-11-21"
    croatian = letter.replace("Opole, 21 listopada 2025", "Zagreb, 21. listopada 2025.")
    assert _facts(croatian)["letter_date"] == "2025-10-21"


def test_a_printouts_day_gives_way_to_the_letters_own_date() -> None:
    letter = (
        "KIM-Nachricht · ausgedruckt am 15.09.2026 07:58\n"
        "Von: nephrologie@praxis.kim.telematik\nDatum: Mo, 14 Sept 2026 10:14:22 +0100\n"
        "Betreff: eArztbrief\nNephrologisches Zentrum Offenbach\nArztbrief vom 14.09.2026\n"
        "Sehr geehrter Herr Kollege,\nwir sahen Ihren Patienten zur Kontrolle.\n"
    )
    assert _facts(letter)["letter_date"] == "2026-09-14"
    printed_only = "Laborbefund\nausgedruckt am 15.09.2026\nKalium 4,1 mmol/l\n"
    assert _facts(printed_only)["letter_date"] == "2026-09-15"


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        ("Univerzitetni klinični center Ljubljana\nInterna klinika", "ODPUSTNO PISMO"),
        ("Klinički bolnički centar Split\nKlinika za unutarnje bolesti", "OTPUSNO PISMO"),
        ("JU Kantonalna bolnica Zenica\nSlužba za interne bolesti", "OTPUSNO PISMO"),
        ("Spitalul Clinic Județean de Urgență Cluj\nClinica Medicală I", "SCRISOARE MEDICALĂ"),
        ("ОПШТА БОЛНИЦА ВАЉЕВО\nОдељење кардиологије", "ОТПУСНА ЛИСТА"),
        ("Klinikum rechts der Isar der Technischen Universität München\nKardiologie", "ARZTBRIEF"),
        ("kbo-Inn-Salzach-Klinikum\nKlinik für Gerontopsychiatrie", "ARZTBRIEF"),
    ],
)
def test_south_east_european_hospitals_and_names_written_small(head: str, kind: str) -> None:
    """Hospitals of the Balkans and Romania by their words ("bolnica", "klinični center",
    "Spitalul"), names with words written small ("rechts der Isar", "klinični center"), an
    operator's acronym before the name ("kbo-"), and those letters' kinds."""
    letter = f"{head}\nTelefax +386 1 522 4599\n{PRACTICE}20.11.2024\n{kind}\n"
    facts = _facts(letter)
    assert facts["sender"] == head.splitlines()[0]
    assert facts["title"].casefold() == kind.casefold()


def test_an_army_clinics_memo_is_from_the_clinic_not_the_department() -> None:
    letter = (
        "DEPARTMENT OF THE ARMY\nU.S. Army Health Clinic Garmisch\n"
        "Bavaria Medical Department Activity\nTelefax +49 8821 750-4599\n"
        f"MCXX-BAV-GAR   January 1, 2025\n{PRACTICE}MEMORANDUM FOR RECORD\n"
        "SUBJECT: Continuity of Care\n1. Patient: THOMPSON, KAYLA   DOB: 07/04/2015\n"
    )
    facts = _facts(letter)
    assert facts["sender"] == "U.S. Army Health Clinic Garmisch"
    assert facts["title"].casefold() == "memorandum for record"


def test_a_heading_in_capitals_that_ends_on_an_adjective_goes_on_to_the_next_line() -> None:
    letter = (
        "Deutsche Rentenversicherung Bayern Süd\nTelefax 08031 381-123\n"
        + PRACTICE
        + "BEFUNDBERICHT ZUM ANTRAG AUF LEISTUNGEN ZUR MEDIZINISCHEN\nREHABILITATION\n"
        "Versicherte Person: Anna Huber, geb. 02.03.1960\nSehr geehrte Damen und Herren,\n"
    )
    assert _facts(letter)["title"] == (
        "BEFUNDBERICHT ZUM ANTRAG AUF LEISTUNGEN ZUR MEDIZINISCHEN REHABILITATION"
    )


@pytest.mark.parametrize("stamped", ["LANDARZTPRAXIS BAD HINDELANG", "HAZ SCHWABING-WEST"])
def test_the_practices_name_in_its_receipt_stamp_is_not_the_sender(stamped: str) -> None:
    """A scan catches the practice's receipt stamp at the page's top: its date and, in
    capitals under it, the practice's own name; the letter head follows."""
    letter = (
        f"EINGANG 27.01.2025\n{stamped}\nKlinikum Kempten\nMedizinische Klinik II\n"
        f"Robert-Weixler-Straße 50 · 87439 Kempten\nTelefax 0831 530-2299\n{PRACTICE}"
        "Kempten, 24.01.2025\nArztbrief\nPatient: Anna Huber, geb. 02.03.1960\n"
    )
    facts = _facts(letter)
    assert facts["sender"] == "Klinikum Kempten"
    assert facts["letter_date"] == "2025-01-24"


@pytest.mark.parametrize(
    "head",
    [
        "Damascus University – Al Mouwasat University Hospital",
        "Wiener Gesundheitsverbund – Klinik Ottakring",
    ],
)
def test_a_university_or_a_groups_hospital_is_read_whole(head: str) -> None:
    letter = f"{head}\nTelefax +43 1 49150-2109\n{PRACTICE}12.06.2025\nMEDICAL REPORT\n"
    assert _facts(letter)["sender"] == head


def test_the_university_hospitals_of_strasbourg_are_an_organisation() -> None:
    letter = (
        "Hôpitaux Universitaires de Strasbourg\nService de Cardiologie\n"
        "Strasbourg, le 21 octobre 2025\nMadame, Monsieur le Docteur\n"
        + PRACTICE
        + "Compte rendu d'hospitalisation\nPatient : Jean Dupont, né le 02/03/1950\n"
        "Cher confrère,\ntexte.\nDr Antoine Kieffer\n"
    )
    assert _facts(letter)["sender"] == "Hôpitaux Universitaires de Strasbourg"


def test_a_hospital_groups_head_gives_the_group_with_its_hospital() -> None:
    letter = (
        "Kliniken Südostbayern AG – Klinikum Traunstein\nKlinik für Pneumologie\n"
        f"Cuno-Niggl-Straße 3 · 83278 Traunstein\nTelefax 0861 705-1599\n{PRACTICE}"
        "Traunstein, 24.02.2025\nENTLASSUNGSBRIEF\nPatient: Baumgartner, Sepp, geb. 18.06.1962\n"
    )
    assert _facts(letter)["sender"] == "Kliniken Südostbayern AG – Klinikum Traunstein"


def test_a_webmail_printouts_sender_is_its_from_line_or_signature_not_the_browsers_title() -> None:
    """A browser prints the page's title and address around the mail: neither is a sender;
    the "Von:" line's name is, or its signature's organisation after a dash."""
    mail = (
        "11.06.25, 08:17\nPraxis-Webmail – Nachricht\nHausarztzentrum Bad Cannstatt – Posteingang\n"
        "Von: Ambulanter Pflegedienst Neckarblick <info@pflege-neckarblick.de>\n"
        "Gesendet: Dienstag, 10. Juni 2025 14:53\n"
        "An: Hausarztzentrum Bad Cannstatt <praxis@example.de>\n"
        "Betreff: Rückmeldung Wundversorgung\n"
        "Sehr geehrte Damen und Herren,\ndie Wunde ist weiterhin nässend.\n"
        "Vielen Dank und freundliche Grüße\nTeam – Ambulanter Pflegedienst Neckarblick\n"
        "https://webmail.praxis-intern.de/mail/inbox\n1/1\n"
    )
    assert _facts(mail)["sender"] == "Ambulanter Pflegedienst Neckarblick"
    therapist = (
        "Di., 29.07.2025 09:25\nWebmail – MVZ Gostenhof\nAW: Terminbestätigung\nVon:\n"
        "Dipl.-Psych. Karin Weidemann <info@weidemann.example>\nAn:\npraxis@example.de\n"
        "Datum:\n29.07.2025 09:25\nBetreff:\nAW: Terminbestätigung\nSehr geehrte Kollegen,\n"
        "anbei die Informationen.\nMit freundlichen Grüßen, Psychotherapie\n"
        "https://webmail.praxis.local/?_task=mail&_action=print   1/1\n"
    )
    assert _facts(therapist)["sender"] == "Dipl.-Psych. Karin Weidemann"


def test_a_hospital_named_with_a_kind_word_and_an_addressee_under_to_an() -> None:
    """ "Referral" inside a hospital's name is no heading; the practice under "To / An:" at
    the letter's end is its addressee."""
    letter = (
        "Orotta National Referral Hospital\nAsmara, Eritrea\nDate: 13 April 2025\n"
        "Medical Report\nPatient name: Senait Ghebremedhin\nDate of birth: 16 August 1995\n"
        "The patient was treated for pneumonia.\nYours sincerely,\nJohn P. Lindqvist, MD\n"
        "To / An:\nHausarztpraxis Brandauer & Köhlitz\nKrämpferstraße 14, 99084 Erfurt\n"
    )
    facts = _facts(letter)
    assert facts["sender"] == "Orotta National Referral Hospital"
    assert facts["title"] == "Medical Report"


def test_a_form_heading_broken_after_its_articles_and_an_insurer_over_a_field() -> None:
    form = (
        "Krankenkasse bzw. Kostenträger\nBARMER Nürnberg\nName, Vorname des Versicherten\n"
        "Bianchi, Chiara\ngeb. am\n19.12.2000\nMuster 50\nAnfrage zur Zuständigkeit einer\n"
        "anderen Krankenkasse oder eines\nsonstigen Kostenträgers\n" + PRACTICE
    )
    facts = _facts(form)
    assert facts["title"] == (
        "Anfrage zur Zuständigkeit einer anderen Krankenkasse oder eines sonstigen Kostenträgers"
    )
    assert facts["title"] != "BARMER Nürnberg"  # the insurer under its field is no heading


def test_a_report_portals_fields_without_colons() -> None:
    """A portal prints its fields without colons: the examination is the title, the
    referring doctor's field no heading."""
    portal = (
        "30.01.25, 16:50\nBefundportal | Radiologie am Europaplatz\nRadiologie am Europaplatz\n"
        "Teleradiologie · Befundportal für Zuweiser\nPatient SCHWARZ, Maria\n"
        "Geburtsdatum 12.03.1948\nUntersuchung MRT der Lendenwirbelsäule nativ\n"
        "Untersuchungsdatum 24.01.2025\nZuweiser Dr. med. Murat Demirel\nBefund\n"
        "Regelrechte Darstellung.\n"
    )
    assert _facts(portal)["title"] == "MRT der Lendenwirbelsäule nativ"


def test_a_receipt_stamp_over_three_lines_and_a_letter_head_under_a_stamp() -> None:
    stamped = (
        "EINGEGANGEN\n12.10.2025\nGemeinschaftspraxis\nKrankenkasse bzw. Kostenträger\n"
        "AOK Baden-Württemberg\nName, Vorname des Versicherten\nBianchi, Chiara\n"
        "Datum: 10.10.2025\n"
    )
    facts = _facts(stamped)
    assert facts.get("sender") != "Gemeinschaftspraxis"  # the practice's own stamp
    assert facts["letter_date"] == "2025-10-10"
    headed = (
        "EINGANG 02.02.2025\nHNO-Praxis am Dom\nDr. med. Ole Struve · Facharzt für HNO\n"
        "Norderdomstraße 4 · 24837 Schleswig\nTel. 04621 2440 · Fax 04621 2449\n"
        f"{PRACTICE}Schleswig, 30.01.2025\nBefundbericht\n"
    )
    assert _facts(headed)["sender"] == "HNO-Praxis am Dom"


@pytest.mark.parametrize(
    ("office", "return_line"),
    [
        (
            "Stadt Dortmund – Versorgungsamt",
            "Stadt Dortmund – Versorgungsamt · Rheinische Straße 173",
        ),
        ("Stadt Frankfurt am Main – Ausländerbehörde", "Stadt Frankfurt am Main, Kleyerstraße 86"),
    ],
)
def test_a_town_and_its_office_on_one_line_are_the_sender(office: str, return_line: str) -> None:
    """As the town's line over its office's gives "Landeshauptstadt Dresden – Gesundheitsamt",
    one line with both gives both."""
    letter = (
        f"Aktenzeichen\n{office}\n91/625372/SB\nAnsprechpartner/in\nFrau Grzeskowiak\n"
        f"Telefax\n0231 50 2 66 88\nDatum\n25.09.2026\n{return_line}, 44147 Dortmund\n"
        f"{PRACTICE}Betreff: Feststellung nach dem SGB IX\nSehr geehrte Damen und Herren,\n"
    )
    assert _facts(letter)["sender"] == office


def test_a_heading_cut_after_its_article_is_no_title() -> None:
    """The CPU engine reads a form's labels between a heading's lines: a heading that still
    ends on its article is proposed as none, not cut short."""
    letter = (
        "AOK Baden-Württemberg\nTelefax 0761 2103-999\n" + PRACTICE + "Muster 50\n"
        "Anfrage zur Zuständigkeit einer\nKostenträgerkennung Versicherten-Nr. Status\n"
        "Name, Vorname des Versicherten: Bianchi, Chiara\n"
    )
    assert "title" not in _facts(letter)
