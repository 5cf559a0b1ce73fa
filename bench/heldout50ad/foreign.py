"""Letters from abroad, each in its own language and conventions."""

from __future__ import annotations

from .kinds import Ctx, _close, _window
from .world import fmt

GREEK = {
    "Papadopoulos": "Παπαδόπουλος",
    "Georgios": "Γεώργιος",
    "Georgiou": "Γεωργίου",
    "Nikolaidou": "Νικολαΐδου",
    "Karagiannis": "Καραγιάννης",
    "Eleni": "Ελένη",
    "Dimitrios": "Δημήτριος",
    "Maria": "Μαρία",
}
RUSSIAN = {
    "Iwanow": "Иванов",
    "Petrowa": "Петрова",
    "Smirnow": "Смирнов",
    "Kusnezowa": "Кузнецова",
    "Wolkow": "Волков",
    "Sergej": "Сергей",
    "Natalja": "Наталья",
    "Wladimir": "Владимир",
    "Olga": "Ольга",
    "Dmitrij": "Дмитрий",
}

# lang: (region, language, org, alts, address lines, fax, title, labels..., styles)
FOREIGN: dict[str, dict[str, object]] = {
    "cz": {
        "region": "CZ",
        "language": "cs",
        "org": "Fakultní nemocnice Plzeň",
        "alts": ["FN Plzeň", "Fakultní nemocnice Plzeň, Interní klinika"],
        "addr": ["Interní klinika", "alej Svobody 80, 323 00 Plzeň, Česká republika"],
        "fax": "+420 377 103 202",
        "title": "Propouštěcí zpráva",
        "pat": "Pacient",
        "dob": "Datum narození",
        "stay": "Hospitalizace od {a} do {b}",
        "hello": "Vážená paní kolegyně, vážený pane kolego,",
        "body": "pacient byl přijat pro akutní bolesti na hrudi během pobytu v Plzni. "
        "Infarkt myokardu byl vyloučen, propuštěn do domácího ošetření. "
        "Doporučujeme kontrolu u praktického lékaře.",
        "bye": "S pozdravem",
        "doc": "MUDr. Tomáš Vrána, Ph.D.",
        "role": "primář",
        "place": "V Plzni dne {d}",
        "ds": "cs_num",
        "bs": "cs_num",
        "name": "s_g",
        "country": "Německo",
    },
    "at": {
        "region": "AT",
        "language": "de",
        "org": "Ordensklinikum Linz Barmherzige Schwestern",
        "alts": ["Ordensklinikum Linz", "Barmherzige Schwestern Linz"],
        "addr": ["Abteilung für Innere Medizin II", "Seilerstätte 4, 4010 Linz, Österreich"],
        "fax": "+43 732 7677-7208",
        "title": "Patientenbrief",
        "pat": "Patient/in",
        "dob": "geb.",
        "stay": "Stationärer Aufenthalt vom {a} bis {b}",
        "hello": "Sehr geehrte Frau Kollegin! Sehr geehrter Herr Kollege!",
        "body": "Wir berichten über den stationären Aufenthalt während eines Urlaubs in "
        "Oberösterreich. Die Vorstellung erfolgte wegen einer Gastroenteritis mit "
        "Exsikkose; nach Volumengabe rasche Besserung. SV-Nr. siehe Kopfzeile.",
        "bye": "Mit kollegialen Grüßen",
        "doc": "OA Dr. Lukas Hinterreiter",
        "role": "Oberarzt",
        "place": "Linz, am {d}",
        "ds": "at_long",
        "bs": "de",
        "name": "gs",
        "country": "Deutschland",
    },
    "it": {
        "region": "IT",
        "language": "it",
        "org": "Azienda Ospedaliera Universitaria Integrata Verona",
        "alts": ["AOUI Verona", "Ospedale Borgo Trento"],
        "addr": [
            "Ospedale Borgo Trento – U.O.C. Medicina Generale",
            "Piazzale Aristide Stefani 1, 37126 Verona",
        ],
        "fax": "+39 045 812 2056",
        "title": "Lettera di dimissione",
        "pat": "Cognome e nome",
        "dob": "nato/a il",
        "stay": "Ricovero dal {a} al {b}",
        "hello": "Egregio Collega,",
        "body": "il/la paziente è stato/a ricoverato/a durante una vacanza sul Lago di Garda "
        "per polmonite comunitaria. Terapia antibiotica con buona risposta clinica. "
        "Si consiglia controllo radiologico a quattro settimane.",
        "bye": "Cordiali saluti",
        "doc": "Dott.ssa Chiara Benedetti",
        "role": "Dirigente Medico",
        "place": "Verona, {d}",
        "ds": "it_long",
        "bs": "slash",
        "name": "SGU",
        "country": "Germania",
    },
    "hr": {
        "region": "HR",
        "language": "hr",
        "org": "Opća bolnica Pula",
        "alts": ["OB Pula", "Opća bolnica Pula, Odjel za internu medicinu"],
        "addr": ["Odjel za internu medicinu", "Santoriova 24a, 52100 Pula, Hrvatska"],
        "fax": "+385 52 376 520",
        "title": "Otpusno pismo",
        "pat": "Ime i prezime",
        "dob": "Datum rođenja",
        "stay": "Liječen/a od {a} do {b}",
        "hello": "Poštovani kolega,",
        "body": "pacijent je primljen zbog atrijske fibrilacije s brzim odgovorom klijetki. "
        "Uspostavljen sinusni ritam, uvedena antikoagulantna terapija. Preporučuje se "
        "kontrola kod obiteljskog liječnika.",
        "bye": "S poštovanjem",
        "doc": "dr. med. Ivana Perić",
        "role": "specijalist interne medicine",
        "place": "Pula, {d}",
        "ds": "hr_long",
        "bs": "hr_num",
        "name": "gs",
        "country": "Njemačka",
    },
    "ro": {
        "region": "RO",
        "language": "ro",
        "org": "Spitalul Clinic Județean de Urgență Timișoara",
        "alts": ["SCJU Timișoara", "Spitalul Județean Timișoara"],
        "addr": ["Clinica Medicală II", "Bd. Liviu Rebreanu nr. 156, 300723 Timișoara, România"],
        "fax": "+40 256 486 956",
        "title": "Scrisoare medicală",
        "pat": "Nume și prenume",
        "dob": "Data nașterii",
        "stay": "Internat între {a} și {b}",
        "hello": "Stimate coleg,",
        "body": "pacientul a fost internat pentru diabet zaharat tip 2 dezechilibrat. S-a "
        "inițiat insulinoterapie bazală. Recomandăm monitorizarea glicemiei și control "
        "la medicul de familie.",
        "bye": "Cu stimă",
        "doc": "Dr. Alina Mureșan",
        "role": "medic primar",
        "place": "Data: {d}",
        "ds": "ro_long",
        "bs": "de",
        "name": "SG",
        "country": "Germania",
    },
    "hu": {
        "region": "HU",
        "language": "hu",
        "org": "Petz Aladár Egyetemi Oktató Kórház",
        "alts": ["Petz Aladár Kórház", "Győri Petz Aladár Egyetemi Oktató Kórház"],
        "addr": ["Belgyógyászati Osztály", "9024 Győr, Vasvári Pál u. 2–4., Magyarország"],
        "fax": "+36 96 507 999",
        "title": "Zárójelentés",
        "pat": "Beteg neve",
        "dob": "Születési dátum",
        "stay": "Kezelés ideje: {a} – {b}",
        "hello": "Tisztelt Kolléga!",
        "body": "Betegünket akut epehólyag-gyulladás miatt vettük fel osztályunkra. "
        "Antibiotikus kezelést követően panaszmentesen bocsátjuk otthonába. "
        "Elektív cholecystectomia javasolt.",
        "bye": "Tisztelettel",
        "doc": "Dr. Kovács Péter",
        "role": "osztályvezető főorvos",
        "place": "Győr, {d}",
        "ds": "hu_long",
        "bs": "hu_num",
        "name": "s_g",
        "country": "Németország",
    },
    "gr": {
        "region": "GR",
        "language": "el",
        "org": "Γενικό Νοσοκομείο Θεσσαλονίκης «Παπαγεωργίου»",
        "alts": ["Νοσοκομείο Παπαγεωργίου", "Γ.Ν. Παπαγεωργίου"],
        "addr": ["Καρδιολογική Κλινική", "Περιφερειακή Οδός Θεσσαλονίκης, 564 29 Ευκαρπία"],
        "fax": "+30 2313 323 100",
        "title": "Ενημερωτικό Σημείωμα Εξόδου",
        "pat": "Ονοματεπώνυμο",
        "dob": "Ημερομηνία γέννησης",
        "stay": "Νοσηλεία από {a} έως {b}",
        "hello": "Αγαπητέ συνάδελφε,",
        "body": "ο ασθενής νοσηλεύτηκε λόγω κολπικής μαρμαρυγής. Έγινε ηλεκτρική "
        "ανάταξη με επιτυχία. Συνιστάται επανεξέταση από τον θεράποντα ιατρό.",
        "bye": "Με εκτίμηση",
        "doc": "Δρ. Νικόλαος Παπαδάκης",
        "role": "Διευθυντής Κλινικής",
        "place": "Θεσσαλονίκη, {d}",
        "ds": "el_long",
        "bs": "slash",
        "name": "s_g",
        "country": "Γερμανία",
        "script": "greek",
    },
    "tr": {
        "region": "TR",
        "language": "tr",
        "org": "Antalya Eğitim ve Araştırma Hastanesi",
        "alts": ["Antalya EAH", "T.C. Sağlık Bakanlığı Antalya Eğitim ve Araştırma Hastanesi"],
        "addr": [
            "T.C. Sağlık Bakanlığı – İç Hastalıkları Kliniği",
            "Varlık Mah. Kazım Karabekir Cad., 07100 Muratpaşa/Antalya, Türkiye",
        ],
        "fax": "+90 242 249 44 62",
        "title": "Epikriz",
        "pat": "Hasta Adı Soyadı",
        "dob": "Doğum Tarihi",
        "stay": "Yatış Tarihi: {a}   Çıkış Tarihi: {b}",
        "hello": "Sayın Meslektaşım,",
        "body": "hasta tatil sırasında akut böbrek hasarı nedeniyle kliniğimize yatırılmıştır. "
        "Sıvı tedavisi ile böbrek fonksiyonları düzelmiştir. Aile hekimi kontrolü "
        "önerilir.",
        "bye": "Saygılarımla",
        "doc": "Uzm. Dr. Elif Aksoy",
        "role": "İç Hastalıkları Uzmanı",
        "place": "Antalya, {d}",
        "ds": "tr_long",
        "bs": "de",
        "name": "gs",
        "country": "Almanya",
    },
    "ru": {
        "region": "RU",
        "language": "ru",
        "org": "ГБУЗ «Городская клиническая больница № 1»",
        "alts": ["ГКБ № 1", "Городская клиническая больница № 1, г. Калининград"],
        "addr": [
            "Терапевтическое отделение",
            "ул. Дмитрия Донского, 23, г. Калининград, 236000, Россия",
        ],
        "fax": "+7 4012 57 82 10",
        "title": "Выписной эпикриз",
        "pat": "Ф.И.О. пациента",
        "dob": "Дата рождения",
        "stay": "Находился на лечении с {a} по {b}",
        "hello": "Уважаемый коллега!",
        "body": "Пациент госпитализирован с обострением хронического бронхита во время "
        "визита к родственникам. Проведена антибактериальная терапия, выписан с "
        "улучшением. Рекомендовано наблюдение у семейного врача.",
        "bye": "С уважением",
        "doc": "Врач-терапевт Соколова Е. В.",
        "role": "лечащий врач",
        "place": "{d}",
        "ds": "ru_long",
        "bs": "de",
        "name": "s_g",
        "country": "Германия",
        "script": "russian",
    },
    "us": {
        "region": "US",
        "language": "en",
        "org": "Grafenwoehr Army Health Clinic",
        "alts": [
            "U.S. Army Health Clinic Grafenwoehr",
            "GAHC",
            "Bavaria Medical Department Activity",
        ],
        "addr": [
            "DEPARTMENT OF THE ARMY · BAVARIA MEDICAL DEPARTMENT ACTIVITY",
            "Unit 28038, APO AE 09114 · Tower Barracks, 92655 Grafenwöhr",
        ],
        "fax": "+49 9641 83-4150",
        "title": "Referral for Continuity of Care",
        "pat": "Patient",
        "dob": "DOB",
        "stay": "Seen in clinic {a} and {b}",
        "hello": "Dear Doctor,",
        "body": "The above dependent family member is referred to your practice for "
        "continuity of primary care off post. Please find the problem list and "
        "immunization record attached. Please send any reports to the fax above.",
        "bye": "Respectfully,",
        "doc": "CPT Rachel M. Donnelly, MD",
        "role": "Family Medicine Physician",
        "place": "{d}",
        "ds": "us_mil",
        "bs": "us_num",
        "name": "SG",
        "country": "Germany",
    },
    "uk": {
        "region": "GB",
        "language": "en",
        "org": "Royal Devon University Healthcare NHS Foundation Trust",
        "alts": ["Royal Devon University Healthcare", "Royal Devon and Exeter Hospital"],
        "addr": [
            "Department of Respiratory Medicine",
            "Barrack Road, Exeter, EX2 5DW, United Kingdom",
        ],
        "fax": "+44 1392 402 081",
        "title": "Clinic Letter",
        "pat": "Re",
        "dob": "DOB",
        "stay": "Clinic attendance {a}; letter typed {b}",
        "hello": "Dear Colleague,",
        "body": "Thank you for seeing this patient, who moved to Bavaria last month. "
        "Spirometry confirms moderate asthma; we have stepped up to a combination "
        "inhaler. I would be grateful if you could continue the review.",
        "bye": "Yours sincerely",
        "doc": "Dr Eleanor Whitcombe, FRCP",
        "role": "Consultant Respiratory Physician",
        "place": "Dictated: {d}",
        "ds": "uk_long",
        "bs": "slash",
        "name": "gs",
        "country": "Germany",
    },
}


def letter_spelling(lang: str, sur: str, giv: str) -> tuple[str, str]:
    script = FOREIGN[lang].get("script")
    if script == "greek" and sur in GREEK and giv in GREEK:
        return GREEK[sur], GREEK[giv]
    if script == "russian" and sur in RUSSIAN and giv in RUSSIAN:
        return RUSSIAN[sur], RUSSIAN[giv]
    return sur, giv


def foreign(ctx: Ctx, lang: str) -> None:
    rng, c = ctx.rng, ctx.c
    f = FOREIGN[lang]
    ctx.layout = f"letter from abroad ({lang})"
    ctx.region = str(f["region"])
    ctx.language = str(f["language"])
    ctx.sender = str(f["org"])
    ctx.sender_alts = [str(a) for a in f["alts"]]  # type: ignore[attr-defined]
    ctx.fax_number = str(f["fax"])
    ctx.fax_name = ctx.sender_alts[0][:28]
    c.font = "dv" if lang in ("gr", "ru") else rng.choice(["sans", "serif"])
    bold = "dvb" if c.font == "dv" else ("serifb" if c.font == "serif" else "sansb")
    d = ctx.letter_date
    assert d is not None
    addr = [str(a) for a in f["addr"]]  # type: ignore[attr-defined]
    if lang == "us":
        c.at(0, 50, addr[0], bold, 9, "center")
        c.at(0, 62, ctx.sender.upper(), bold, 10, "center")
        c.at(0, 74, addr[1], c.font, 8, "center")
        ctx.sender_alts.insert(0, ctx.sender)
        ctx.sender = ctx.sender.upper()
        c.at(68, 100, "MCXB-GAHC-FM", c.font, 9)
        c.at(540, 100, fmt(d, "us_mil"), c.font, 9, "right")
        _window(ctx, 130)
        c.at(
            68,
            130 + 12.5 * len(list(ctx.practice["window"])),
            "GERMANY",  # type: ignore[call-overload]
            c.font,
            10,
        )
        c.y = 215
        c.line("MEMORANDUM FOR Primary Care Provider (Host Nation)", size=9.5)
        t = str(f["title"])
        ctx.title = t
        c.line(f"SUBJECT: {t}", size=9.5)
        ctx.title_alts.append(f"SUBJECT: {t}")
        c.gap(6)
        c.line(f"{f['pat']}: {ctx.name('SG')}    {f['dob']}: {ctx.dob('us_num')}")
        a = ctx.when(-rng.randint(20, 40), "clinic visit", "us_mil")
        b = ctx.when(-rng.randint(1, 5), "clinic visit", "us_mil")
        c.line(str(f["stay"]).format(a=a, b=b))
        c.line(f"DoD ID: {rng.randint(1000000000, 1999999999)}", size=9)
        ctx.notes.append("US numeric birth date (month first); military dates")
    else:
        centered = rng.random() < 0.5
        if centered:
            c.at(0, 55, ctx.sender, bold, 12, "center")
            c.at(0, 69, addr[0], c.font, 9, "center")
            c.at(0, 81, addr[1], c.font, 8, "center")
            c.at(0, 92, f"Fax {f['fax']}", c.font, 8, "center")
        else:
            c.at(68, 55, ctx.sender, bold, 12)
            c.at(68, 69, addr[0], c.font, 9)
            c.at(68, 81, addr[1], c.font, 8)
            c.at(68, 92, f"Fax {f['fax']}", c.font, 8)
        _window(ctx, 140)
        nwin = len(list(ctx.practice["window"]))  # type: ignore[call-overload]
        c.at(68, 140 + 12.5 * nwin, str(f["country"]), c.font, 10)
        top_date = lang in ("uk", "at", "gr", "ro") or rng.random() < 0.4
        c.y = 225
        if top_date:
            c.line(str(f["place"]).format(d=fmt(d, str(f["ds"]))), align="right")
        t = str(f["title"])
        ctx.title = t
        c.gap(6)
        if lang == "uk":
            nhs = f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
            c.line(
                f"Re: {ctx.herr1().replace('Herr', 'Mr').replace('Frau', 'Mrs')} "
                f"{ctx.name('gs')}, {f['dob']} {ctx.dob('slash')}, NHS No. {nhs}",
                bold,
            )
            ctx.as_written = ctx.as_written  # the name proper, without Mr/Mrs
            c.line(t, size=9)
        else:
            if lang in ("it", "ro", "ru"):
                ctx.title = t.upper()
                ctx.title_alts.append(t)
            c.line(ctx.title, bold, 12)
            c.line(f"{f['pat']}: {ctx.name(str(f['name']))}")
            c.line(f"{f['dob']}: {ctx.dob(str(f['bs']))}")
            if lang == "cz":
                b = ctx.patient.birth_date
                rc = (
                    f"{b.year % 100:02d}{b.month + (50 if ctx.patient.sex == 'F' else 0):02d}"
                    f"{b.day:02d}/{rng.randint(1000, 9999)}"
                )
                c.line(f"Rodné číslo: {rc}")
                ctx.notes.append("the Czech birth number hides the birth date")
            if lang == "at":
                b = ctx.patient.birth_date
                c.line(
                    f"SV-Nr.: {rng.randint(1000, 9999)} {b.day:02d}{b.month:02d}{b.year % 100:02d}"
                )
                ctx.notes.append("Austrian insurance number hides the birth date; Jänner")
            ds = str(f["bs"])
            a = ctx.when(-rng.randint(8, 15), "admission", ds)
            b2 = ctx.when(-rng.randint(1, 4), "discharge", ds)
            c.line(str(f["stay"]).format(a=a, b=b2))
        if lang == "uk":
            a = ctx.when(-rng.randint(8, 15), "clinic attendance", "uk_long")
            c.line(str(f["stay"]).format(a=a, b=fmt(d, "uk_long")), size=9)
            ctx.notes.append("letter date also in the 'typed' line")
    c.gap(8)
    c.para(str(f["hello"]))
    c.para(str(f["body"]))
    if lang != "us" and not top_date:
        c.line(str(f["place"]).format(d=fmt(d, str(f["ds"]))))
        ctx.notes.append("letter date only at the end")
    _close(ctx, [(str(f["doc"]), str(f["role"]))], str(f["bye"]))
    if ctx.sur != ctx.patient.surname:
        ctx.notes.append("patient's name in another script than the register's")


FOREIGN_KINDS = list(FOREIGN)
