"""Issue 50, fourth round: classes of wrong facts found on a dev set of the third blind
generator (`bench/heldout50c`, letters it makes with seeds other than its test split's),
after its test split had been measured blind. Each test is a letter of its own showing one
class, written for the test: what a wrong proposal would cost staff is a letter filed under
the wrong sender, title or patient."""

from __future__ import annotations

from datetime import date

from docvault.facts import propose

TODAY = date(2026, 12, 1)


def test_a_logo_a_tag_line_a_form_heading_or_a_sentence_is_never_the_sender() -> None:
    letters = {
        # The NHS logo's letters over a referral form: the practice is in the form.
        "NHS": "Patient: Mrs Ruth OKORO   DOB: 03-Feb-1951\nNHS\nURGENT REFERRAL\n"
        "REFERRER DETAILS\nGP name: Dr Tom Ellis\n",
        # A group's tag line under a letter head the rules cannot read as an organisation.
        "A member of Lakeside Care Partners": "Harwood Nephrology\nA member of Lakeside Care "
        "Partners\n12 Elm Street · Dayton, OH 45402 · Tel (937) 555-0101\nPatient: Lee, Ann\n",
        # A form's heading, with the printing practice's telephone under it.
        "Therapieplan": "Therapieplan\nSeite 1 von 2\nfür: Jonas Weber geb. am: 02.03.1970\n"
        "ausgedruckt von: Praxis Dr. Lange\nHauptstraße 2, 04109 Leipzig, Tel. 0341 55512\n",
        # A sentence naming a clinic, under a head whose address block has no telephone.
        "Your visit to the Fracture Clinic": "Northgate General Hospital\nOutpatients\n"
        "4 Mill Road, Leeds LS1 4AB\nMrs Ruth Okoro\n2 Park Lane\nLeeds\nLS6 2QT\n"
        "Your visit to the Fracture Clinic\nDear Mrs Okoro,\nText.\n",
    }
    for wrong, letter in letters.items():
        proposed = propose(letter, TODAY).get("sender")
        assert proposed is None or proposed.value != wrong, wrong


def test_an_addressee_with_a_swiss_or_australian_post_code_is_never_the_sender() -> None:
    swiss = (
        "Ergotherapie Lindenhof\nPetra Keller · Bahnhofstrasse 9 · 6003 Luzern\n"
        "Ergotherapie Lindenhof · Bahnhofstrasse 9 · 6003 Luzern\nDr. med. Urs Meier\n"
        "Gemeinschaftspraxis am See\nSeeweg 3\n8002 Zürich\nVerlaufsbericht\n"
        "Patientin: Frau Anna Roth, geb. 2.7.1958\nLiebe Kollegin, lieber Kollege\nText.\n"
    )
    australian = (
        "Dr Amy Chen MBBS FRACP\nConsultant Physician\nBayview Kidney Care\n"
        "5 Ocean Street, Manly NSW 2095\nPh (02) 9000 1234  Fax (02) 9000 1235\n3 March 2025\n"
        "Dr Mark Reid\nPenrith Family Clinic\n9 High Street\nPenrith NSW 2750\nDear Dr Reid,\n"
        "Re: Mr Tom BAKER  DOB 04/11/1961\nText.\nYours sincerely,\nDr Amy Chen\n"
    )
    assert propose(swiss, TODAY).get("sender") is None or (
        propose(swiss, TODAY)["sender"].value != "Gemeinschaftspraxis am See"
    )
    facts = propose(australian, TODAY)
    assert "sender" not in facts or facts["sender"].value != "Penrith Family Clinic"
    # Australia writes the day first: 4 November, not 11 April.
    assert facts["born"].value == "1961-11-04"


def test_doctors_signing_side_by_side_are_not_one_doctor_sending_the_letter() -> None:
    letter = (
        "Fachklinik Bergblick\nAm Hang 4\n79189 Bad Krozingen\nArztbrief\n"
        "Herr Paul Gruber, geb. 01.02.1950\nText.\nMit freundlichen Grüßen\n"
        "Prof. Dr. med. Eva Roth Dr. med. Jan Vogt Lena Hahn\nChefärztin Oberarzt Assistenzärztin"
    )
    proposed = propose(letter, TODAY).get("sender")
    assert proposed is None or not proposed.value.startswith("Prof. Dr. med. Eva Roth")


def test_titles_read_by_the_letters_structure() -> None:
    slash = "St Mary's Hospital\nTel 020 7000 0000\nDISCHARGE SUMMARY / TTO\nPatient: Mr Ian Hall\n"
    assert propose(slash, TODAY)["title"].value == "Discharge Summary"
    # The addressee's role under the addressee's name is no heading.
    role = (
        "Dr Claire Morel\nCabinet de Pneumologie\n2 rue Haute, 67000 Strasbourg\n"
        "Strasbourg, le 3 mars 2025\nDr Paul Martin\nMédecin généraliste\n"
        "Objet : Madame LEROY Anne, née le 12/05/1949\nCher confrère,\nTexte.\n"
    )
    facts = propose(role, TODAY)
    assert facts.get("title") is None or facts["title"].value != "Médecin généraliste"
    assert facts["patient"].value == "Anne Leroy"  # the French order, surname in capitals
    assert facts["born"].value == "1949-05-12"
    # A subject of two lines: the second line alone is not the letter's title.
    two_lines = (
        "AOK Hessen\nHerrn\nOtto Brandt\nParkweg 2\n60311 Frankfurt\nDatum: 2. Mai 2025\n"
        "Ihr Antrag vom 20.04.2025 – Ablehnung\nRollator mit Sitzfläche\n"
        "Sehr geehrter Herr Brandt,\nText.\n"
    )
    proposed = propose(two_lines, TODAY).get("title")
    assert proposed is None or proposed.value != "Rollator mit Sitzfläche"
    # A Dutch subject that names the patient is no title.
    dutch = "Huisartsenpraktijk De Linde\nDorpsweg 2 · 3511 AB Utrecht · tel. 030 1234567\n"
    dutch += "Betreft: mevrouw Sanne de Vries\nGeboortedatum: 04-03-1962\nGeachte collega,\n"
    proposed = propose(dutch, TODAY).get("title")
    assert proposed is None or "Vries" not in proposed.value


def test_a_documents_own_date_under_the_labels_of_statements_referrals_and_reports() -> None:
    for line, day in (
        ("Statement date: 04/22/2025", "2025-04-22"),
        ("Date of decision to refer: 02/05/2025", "2025-05-02"),
        ("Authorised: 14-MAR-2025 10:02", "2025-03-14"),
        ("ausgedruckt am: 09.01.2025", "2025-01-09"),
    ):
        us = "Tel (503) 555-0100 · Portland, OR 97205\n" if "04/22" in line else ""
        uk = "NHS No: 401 023 2134 · Leeds LS1 4AB\n" if "02/05" in line else ""
        letter = f"Aldwick Diagnostics\n{us}{uk}Admitted: 01/01/2025\n{line}\nText.\n"
        assert propose(letter, TODAY)["letter_date"].value == day, line


def test_a_patient_named_by_a_member_a_patient_in_or_an_insured_persons_field() -> None:
    for line in (
        "Member Name: Rosa Alvarez",
        "Patient/in: Alvarez, Rosa",
        "Versicherte Person: Rosa Alvarez, geboren am 02.03.1970",
        "ALVAREZ, Rosa   NHS: 401 023 2134   DOB: 02/03/1970",
    ):
        letter = f"Harbour Health Plan\nTel 0800 555 0100\n{line}\nText.\n"
        assert propose(letter, TODAY)["patient"].value == "Rosa Alvarez", line


def test_the_sender_named_by_a_return_address_line_or_a_printed_by_field() -> None:
    returned = (
        "BKK Nordlicht\nDie Betriebskrankenkasse\nBKK Nordlicht · Postfach 3310 · 24103 Kiel\n"
        "Frau\nAnna Roth\nBergweg 2\n30159 Hannover\nDatum: 3. März 2025\nSehr geehrte Frau Roth,\n"
    )
    assert propose(returned, TODAY)["sender"].value == "BKK Nordlicht"
    # A town before its state is no name, even as the first part of a line.
    american = "Pacific Plan\nMember Services\nPO Box 12\nSeattle, WA 98101\nMs Ann Lee\n"
    american += "4 Pine Street\nTacoma, WA 98402\nDear Ms Lee,\n"
    assert propose(american, TODAY).get("sender") is None or (
        propose(american, TODAY)["sender"].value != "Seattle"
    )
    printed = "Medikationsplan\nSeite 1 von 1\nfür: Jonas Weber geb. am: 02.03.1970\n"
    printed += "ausgedruckt von: Hausarztpraxis am Markt\nMarkt 2, 04109 Leipzig, Tel. 0341 555\n"
    assert propose(printed, TODAY)["sender"].value == "Hausarztpraxis am Markt"
    reha = "Rehaklinik Am Waldsee\nFachklinik für Orthopädie\nSeestraße 4\n79189 Bad Krozingen\n"
    reha += "Tel. 07633 4040\nArztbrief\n"
    assert propose(reha, TODAY)["sender"].value == "Rehaklinik Am Waldsee"


def test_a_return_line_that_shortens_the_name_is_not_the_senders_name() -> None:
    letter = (
        "12.03.2024 11:22\n+49 551 2225449\nKARDIOL. GP AM WALL\nS. 1/1\n"
        "Kardiologische Gemeinschaftspraxis am Wall\nAm Markt 6 · 28195 Bremen\n"
        "Kardiol. GP am Wall · Am Markt 6 · 28195 Bremen\nHerrn Dr. med. Jan Roth\n"
        "Praxis am Stadtpark\nGoethestraße 15\n70173 Stuttgart\nDatum: 9.3.2024\n"
    )
    proposed = propose(letter, TODAY).get("sender")
    assert proposed is None or proposed.value != "Kardiol. GP am Wall"


# Found on a dev set of the fourth blind generator (`bench/heldout50d`, other seeds than its
# test split), after its test split had been measured blind.


def test_an_address_given_after_the_letter_heads_is_the_recipients_even_with_a_telephone() -> None:
    letter = (
        "NORDWERK GMBH\nBetriebsärztlicher Dienst der Nordwerk GmbH\nWerkstraße 7 · 79189 Bad "
        "Krozingen\nGemeinschaftspraxis am Markt\nDr. med. Eva Roth\nMarkt 4\n79098 Freiburg\n"
        "Tel. 0761 292741\nFax 0761 292749\nDatum: 05.03.2025\nMitteilung an den Hausarzt\n"
    )
    proposed = propose(letter, TODAY).get("sender")
    assert proposed is None or proposed.value != "Gemeinschaftspraxis am Markt"


def test_a_letter_head_named_by_no_known_word_with_a_telephone_under_it() -> None:
    for head, contact in (
        ("Harbour Spine & Joint", "Kowhai House · 4 Quay Road · Napier 4110 · Ph 06 835 1100"),
        (
            "SAPV-Team Kaiserstuhl",
            "Palliativversorgung · Hauptstr. 4 · 79346 Endingen · Tel. 07642 1",
        ),
    ):
        letter = f"{head}\n{contact}\n15/01/2025\nDr Tom Reid\nBay Family Practice\n5 Sea Road\n"
        assert propose(letter + "Napier 4110\nDear Tom\n", TODAY)["sender"].value == head


def test_a_return_line_shortening_the_head_names_the_head_in_full() -> None:
    letter = (
        "Landratsamt Ortenaukreis\n– Gesundheitsamt –\nLandratsamt · Postfach 1960 · 77609 "
        "Offenburg\nHerrn Dr. med. Karl Roth\nMarkt 4\n77652 Offenburg\nDatum: 13.03.2025\n"
    )
    assert propose(letter, TODAY)["sender"].value == "Landratsamt Ortenaukreis"


def test_a_doctor_named_under_a_forms_gp_field_is_not_the_sender() -> None:
    letter = (
        "Night Call Doctors\nhome visits · 0800 24 7 999 · Hastings\nVisit Report\nPatient\n"
        "Mrs Karin LORENZ\nDate of birth\n13/09/1989\nUsual GP\nDr Tom Ngata, Havelock Medical "
        "Practice\nSeen at home for fever and dysuria.\nExamination: renal angle tender.\n"
        "Plan: cefalexin, MSU sent.\nPlease review in two days.\nDr Ana Walker\n"
    )
    facts = propose(letter, TODAY)
    assert facts.get("sender") is None or "Ngata" not in facts["sender"].value
    assert facts.get("sender") is None or facts["sender"].value != "Dr Ana Walker"
    # The form's fields printed without a colon over their values.
    assert facts["patient"].value == "Karin Lorenz"
    assert facts["born"].value == "1989-09-13"


def test_a_role_noun_or_a_french_salutation_before_the_name_is_not_part_of_it() -> None:
    kita = "Kita Sonnenschein\nTel. 07661 1234\nfür das Kind Lena Huber (geboren am 24.09.2021)"
    assert propose(kita, TODAY)["patient"].value == "Lena Huber"
    french = "Clinique du Parc\nTél. 03 88 45 21 90\nPatient : M. FREI Mehmet, né le 06/04/1996\n"
    assert propose(french, TODAY)["patient"].value == "Mehmet Frei"


def test_neither_a_name_line_nor_an_address_run_on_is_a_title() -> None:
    transfer = (
        "St. Brigid's Hospital\nTel 01 702 3300\nPatient\nMarie MEIER\nDate of birth\n"
        "07-Dec-1935\nPresenting complaint: fall at home.\n"
    )
    proposed = propose(transfer, TODAY).get("title")
    assert proposed is None or proposed.value != "Marie MEIER"
    wrapped = (
        "Neurologische Praxis Dr. med. Jan Ost\nTel. 07641 1234\nEmmendingen, 30.12.2024\n"
        "Ihre Patientin Frau Femke Köhler, Rosenweg 24, 79194\nGundelfingen\n"
        "Sehr geehrte Frau Kollegin,\n"
    )
    proposed = propose(wrapped, TODAY).get("title")
    assert proposed is None or proposed.value != "Gundelfingen"


def test_what_the_cpu_engine_glues_to_a_letter_heads_name_is_not_part_of_it() -> None:
    for head, name in (
        ("Lakeside Cardiology Associates. S. 2/2", "Lakeside Cardiology Associates"),
        ("03 88 45 21 99 Clinique Sainte-Odile", "Clinique Sainte-Odile"),
        ("Mill Road Occupational Health Service.", "Mill Road Occupational Health Service"),
    ):
        letter = f"{head}\nTel. 0761 123456\nPatient: Anna Roth\n"
        assert propose(letter, TODAY)["sender"].value == name, head
