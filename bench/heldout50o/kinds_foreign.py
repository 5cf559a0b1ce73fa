"""Letters from abroad, in their own languages and conventions."""

from __future__ import annotations

from .base import Ctx, Page, Spec, fmt, greek_upper, signature
from .layout import LEFT, RIGHT

# Each locale: sender lines, fax, title, labels, the name's form, date styles, body, closing.
LOCALES: dict[str, dict[str, object]] = {
    "tr": dict(
        lang="tr",
        region="TR",
        origin="tr",
        head=["T.C. SAĞLIK BAKANLIĞI", "Kayseri Şehir Hastanesi", "İç Hastalıkları Kliniği"],
        sender="Kayseri Şehir Hastanesi",
        alts=["İç Hastalıkları Kliniği"],
        fax="+90 352 315 77 00",
        title="EPİKRİZ",
        title_alts=["Epikriz"],
        name_label="Hasta Adı Soyadı",
        birth_label="Doğum Tarihi",
        adm="Yatış Tarihi",
        dis="Çıkış Tarihi",
        date_label="Tarih",
        dstyle="de",
        lstyle="tr_long",
        body=[
            "Hasta nefes darlığı ve göğüs ağrısı şikâyetiyle başvurdu. Tetkikler sonrasında "
            "tedavisi düzenlenerek taburcu edildi. Kontrol için aile hekimine başvurması önerildi."
        ],
        closing="Saygılarımızla",
        doctor="Uzm. Dr. Elif Karataş",
        spelling="native_upper",
    ),
    "sr": dict(
        lang="sr",
        region="RS",
        origin="yu",
        head=[
            "Opšta bolnica Čačak",
            "Služba interne medicine",
            "Dr Dragiše Mišovića 205, 32000 Čačak, Srbija",
        ],
        sender="Opšta bolnica Čačak",
        alts=["Služba interne medicine"],
        fax="+381 32 322 4411",
        title="OTPUSNA LISTA",
        title_alts=["Otpusna lista"],
        name_label="Ime i prezime",
        birth_label="Datum rođenja",
        adm="Datum prijema",
        dis="Datum otpusta",
        date_label="Čačak",
        dstyle="sr",
        lstyle="sr_long",
        body=[
            "Pacijent je primljen zbog pogoršanja hronične srčane insuficijencije. Nakon "
            "sprovedene terapije otpušta se u stabilnom stanju, uz preporuku kontrole kod "
            "izabranog lekara."
        ],
        closing="S poštovanjem",
        doctor="dr Vesna Radulović, internista",
        spelling="native",
    ),
    "sr-cyr": dict(
        lang="sr-Cyrl",
        region="RS",
        origin="yu",
        head=[
            "ОПШТА БОЛНИЦА ВАЉЕВО",
            "Одељење кардиологије",
            "Обилићева 5, 14000 Ваљево, Република Србија",
        ],
        sender="ОПШТА БОЛНИЦА ВАЉЕВО",
        alts=["Општа болница Ваљево", "Одељење кардиологије"],
        fax="+381 14 295 300",
        title="ОТПУСНА ЛИСТА",
        title_alts=["Отпусна листа"],
        name_label="Име и презиме",
        birth_label="Датум рођења",
        adm="Датум пријема",
        dis="Датум отпуста",
        date_label="Ваљево",
        dstyle="sr",
        lstyle="sr-cyr_long",
        body=[
            "Пацијент је примљен због атријалне фибрилације са брзим одговором комора. "
            "Успостављен је синусни ритам. Препоручује се контрола код изабраног лекара."
        ],
        closing="С поштовањем",
        doctor="др Милош Јанковић, кардиолог",
        spelling="script",
    ),
    "bs": dict(
        lang="bs",
        region="BA",
        origin="yu",
        head=[
            "JU Kantonalna bolnica Zenica",
            "Klinika za unutrašnje bolesti",
            "Crkvice 67, 72000 Zenica, Bosna i Hercegovina",
        ],
        sender="JU Kantonalna bolnica Zenica",
        alts=["Kantonalna bolnica Zenica"],
        fax="+387 32 405 133",
        title="OTPUSNO PISMO",
        title_alts=["Otpusno pismo"],
        name_label="Pacijent",
        birth_label="Datum rođenja",
        adm="Prijem",
        dis="Otpust",
        date_label="Zenica",
        dstyle="sr",
        lstyle="bs_long",
        body=[
            "Pacijent je hospitaliziran zbog dekompenzovanog dijabetesa. Uvedena je inzulinska "
            "terapija. Kontrola kod porodičnog ljekara za sedam dana."
        ],
        closing="S poštovanjem",
        doctor="Prim. dr. Azra Mujkanović",
        spelling="native_sn_first",
    ),
    "ro": dict(
        lang="ro",
        region="RO",
        origin="ro",
        head=[
            "Spitalul Clinic Județean de Urgență Arad",
            "Secția Medicină Internă",
            "Str. Andrényi Károly 2–4, Arad, România",
        ],
        sender="Spitalul Clinic Județean de Urgență Arad",
        alts=["Secția Medicină Internă"],
        fax="+40 257 211 100",
        title="SCRISOARE MEDICALĂ",
        title_alts=["Scrisoare medicală"],
        name_label="Nume și prenume",
        birth_label="Data nașterii",
        adm="Data internării",
        dis="Data externării",
        date_label="Data",
        dstyle="de",
        lstyle="ro_long",
        body=[
            "Pacientul s-a internat pentru dispnee și edeme gambiere. Sub tratament diuretic "
            "evoluția a fost favorabilă. Se recomandă control la medicul de familie."
        ],
        closing="Cu stimă",
        doctor="Dr. Andreea Mureșan, medic primar",
        spelling="native_sn_upper",
    ),
    "bg": dict(
        lang="bg",
        region="BG",
        origin="bg",
        head=[
            "УМБАЛ „Света Анна“ – Варна",
            "Клиника по вътрешни болести",
            "ул. „Цар Освободител“ 100, 9002 Варна, България",
        ],
        sender="УМБАЛ „Света Анна“ – Варна",
        alts=["Клиника по вътрешни болести"],
        fax="+359 52 302 888",
        title="ЕПИКРИЗА",
        title_alts=["Епикриза"],
        name_label="Име",
        birth_label="Дата на раждане",
        adm="Постъпил на",
        dis="Изписан на",
        date_label="Дата",
        dstyle="bg",
        lstyle="bg_long",
        body=[
            "Пациентът постъпва с оплаквания от задух и болки в гърдите. След проведеното "
            "лечение се изписва в добро общо състояние. Контрол при личния лекар."
        ],
        closing="С уважение",
        doctor="д-р Николай Стефанов",
        spelling="script",
    ),
    "gr": dict(
        lang="el",
        region="GR",
        origin="gr",
        head=[
            "ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΚΑΒΑΛΑΣ",
            "Παθολογική Κλινική",
            "Άγιος Σίλας, 65500 Καβάλα, Ελλάδα",
        ],
        sender="ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΚΑΒΑΛΑΣ",
        alts=["Γενικό Νοσοκομείο Καβάλας", "Παθολογική Κλινική"],
        fax="+30 2513 501 999",
        title="ΕΝΗΜΕΡΩΤΙΚΟ ΣΗΜΕΙΩΜΑ ΕΞΟΔΟΥ",
        title_alts=["Ενημερωτικό σημείωμα εξόδου"],
        name_label="Ονοματεπώνυμο",
        birth_label="Ημερομηνία γέννησης",
        adm="Ημερομηνία εισαγωγής",
        dis="Ημερομηνία εξόδου",
        date_label="Καβάλα",
        dstyle="slash",
        lstyle="el_long",
        body=[
            "Ο ασθενής εισήχθη λόγω πνευμονίας. Μετά από αντιβιοτική αγωγή εξέρχεται σε καλή "
            "γενική κατάσταση. Συνιστάται επανεκτίμηση από τον θεράποντα ιατρό."
        ],
        closing="Με εκτίμηση",
        doctor="Δρ. Σοφία Αλεξίου, Παθολόγος",
        spelling="greek_upper",
    ),
    "nl": dict(
        lang="nl",
        region="NL",
        origin="nl",
        head=[
            "VieCuri Ziekenhuis Noord-Limburg",
            "Afdeling Interne Geneeskunde",
            "Tegelseweg 210, 5912 BL Venlo, Nederland",
        ],
        sender="VieCuri Ziekenhuis Noord-Limburg",
        alts=["Afdeling Interne Geneeskunde"],
        fax="+31 77 320 5001",
        title="Ontslagbrief",
        title_alts=["Ontslagbericht"],
        name_label="Betreft",
        birth_label="geb.",
        adm="Opname",
        dis="Ontslag",
        date_label="Venlo",
        dstyle="dash",
        lstyle="nl_long",
        body=[
            "Patiënt werd opgenomen in verband met een urineweginfectie met koorts. Na "
            "intraveneuze antibiotica kon patiënt in goede conditie naar huis."
        ],
        closing="Met vriendelijke groet",
        doctor="dr. M. Hendriks, internist",
        spelling="dutch",
    ),
    "be": dict(
        lang="fr",
        region="BE",
        origin="be",
        head=[
            "Cliniques du Sud-Luxembourg – Site Saint-Joseph",
            "Service de Médecine interne",
            "Rue des Déportés 137, 6700 Arlon, Belgique",
        ],
        sender="Cliniques du Sud-Luxembourg",
        alts=["Clinique Saint-Joseph Arlon", "Service de Médecine interne"],
        fax="+32 63 23 12 99",
        title="Lettre de sortie",
        title_alts=["Rapport d'hospitalisation"],
        name_label="Concerne",
        birth_label="née le",
        adm="Admission",
        dis="Sortie",
        date_label="Arlon",
        dstyle="slash",
        lstyle="fr_long",
        body=[
            "La patiente a été hospitalisée pour une décompensation cardiaque. L'évolution sous "
            "diurétiques a été favorable. Un contrôle chez le médecin traitant est conseillé."
        ],
        closing="Confraternellement",
        doctor="Dr Sophie Lemaire",
        spelling="french",
    ),
    "ma": dict(
        lang="fr",
        region="MA",
        origin="ma",
        head=[
            "Royaume du Maroc",
            "Clinique Al Amal – Oujda",
            "Service de Cardiologie",
            "Boulevard Mohammed V, Oujda",
        ],
        sender="Clinique Al Amal",
        alts=["Clinique Al Amal – Oujda", "Service de Cardiologie"],
        fax="+212 536 68 44 10",
        title="COMPTE RENDU D'HOSPITALISATION",
        title_alts=["Compte rendu d'hospitalisation"],
        name_label="Patient",
        birth_label="né le",
        adm="Date d'entrée",
        dis="Date de sortie",
        date_label="Oujda, le",
        dstyle="slash",
        lstyle="fr_long",
        body=[
            "Patient admis pour douleur thoracique. La coronarographie a montré une sténose "
            "de l'IVA traitée par angioplastie. Sortie sous double anti-agrégation."
        ],
        closing="Bien confraternellement",
        doctor="Dr Karim Alaoui, cardiologue",
        spelling="french_mr",
    ),
    "uk": dict(
        lang="en",
        region="GB",
        origin="uk",
        head=[
            "Pennine Valley NHS Foundation Trust",
            "Royal Calder Infirmary · Acute Medical Unit",
            "Salterhebble Hill, Halifax HX3 0PW",
        ],
        sender="Pennine Valley NHS Foundation Trust",
        alts=["Royal Calder Infirmary", "Acute Medical Unit"],
        fax="+44 1422 222 999",
        title="Discharge Summary",
        title_alts=["Discharge summary"],
        name_label="Patient",
        birth_label="Date of birth",
        adm="Date of admission",
        dis="Date of discharge",
        date_label="Date",
        dstyle="slash",
        lstyle="en_long",
        body=[
            "Admitted with community-acquired pneumonia (CURB-65 score 1). Treated with oral "
            "amoxicillin. Please review in surgery in two weeks and repeat the chest X-ray in six."
        ],
        closing="Yours sincerely",
        doctor="Dr Rhiannon Pryce, Consultant Physician",
        spelling="nhs",
    ),
    "us": dict(
        lang="en",
        region="US",
        origin="us",
        head=[
            "Mercy Riverside Medical Center",
            "Department of Internal Medicine",
            "1200 Riverside Drive, Columbus, OH 43215, USA",
        ],
        sender="Mercy Riverside Medical Center",
        alts=["Department of Internal Medicine"],
        fax="+1 614 555 0199",
        title="DISCHARGE SUMMARY",
        title_alts=["Discharge Summary"],
        name_label="Patient Name",
        birth_label="DOB",
        adm="Admission Date",
        dis="Discharge Date",
        date_label="Date",
        dstyle="us",
        lstyle="us_long",
        body=[
            "The patient was admitted for chest pain; troponins were negative and a stress test "
            "was normal. Discharged home in stable condition with follow-up with the primary "
            "care physician in Germany."
        ],
        closing="Sincerely",
        doctor="Jennifer A. Holloway, MD",
        spelling="us",
    ),
}


def _names(c: Ctx, sp: str) -> tuple[str, str]:
    """(as printed first, given + surname as this letter spells them)"""
    pr = c.person
    nsn = pr.native_surname or c.sn
    ngn = pr.native_given or c.gn
    if c.use_old_name:
        nsn = c.sn
    if sp == "native_upper":  # Turkish capitals: i -> İ, ı -> I
        return f"{ngn} {nsn.replace('i', 'İ').upper()}", f"{ngn} {nsn}"
    if sp == "native":
        return f"{ngn} {nsn}", f"{ngn} {nsn}"
    if sp == "native_sn_first":
        return f"{nsn} {ngn}", f"{ngn} {nsn}"
    if sp == "native_sn_upper":
        return f"{nsn.upper()} {ngn}", f"{ngn} {nsn}"
    if sp == "script":
        ssn = pr.script_surname or nsn
        sgn = pr.script_given or ngn
        return f"{ssn.upper()} {sgn}", f"{sgn} {ssn}"
    if sp == "greek_upper":
        ssn = pr.script_surname or nsn
        sgn = pr.script_given or ngn
        return f"{greek_upper(ssn)} {greek_upper(sgn)}", f"{sgn} {ssn}"
    if sp == "dutch":
        title = "dhr." if pr.sex == "M" else "mevr."
        return f"{title} {ngn} {nsn}", f"{ngn} {nsn}"
    if sp == "french":
        t = "Monsieur" if pr.sex == "M" else "Madame"
        return f"{t} {nsn.upper()} {ngn}", f"{ngn} {nsn}"
    if sp == "french_mr":
        t = "M." if pr.sex == "M" else "Mme"
        return f"{t} {nsn.upper()} {ngn}", f"{ngn} {nsn}"
    if sp == "nhs":
        t = "Mr" if pr.sex == "M" else "Ms"
        return f"{t} {ngn} {nsn.upper()}", f"{ngn} {nsn}"
    return f"{nsn.upper()}, {ngn}", f"{ngn} {nsn}"


def foreign(c: Ctx, key: str) -> Spec:
    L = LOCALES[key]
    g = L.get
    head: list[str] = g("head")  # type: ignore[assignment]
    adm = c.ago(6, 15)
    dis = c.ago(0, 3)
    if dis <= adm:
        dis = adm
    p = Page()
    al = c.rng.randrange(2)
    x = LEFT if al == 0 else (LEFT + RIGHT) / 2
    p.at(16)
    for i, t in enumerate(head):
        p.line(
            t,
            x=x,
            size=12 if i == 1 or (len(head) == 3 and i == 0) else 9,
            font="serifb" if i <= 1 else "serif",
            align="left" if al == 0 else "centre",
        )
    p.line(f"Fax: {g('fax')}", x=x, size=8, font="serif", align="left" if al == 0 else "centre")
    c.recipient(p, "", y=52)
    dstyle, lstyle = str(g("dstyle")), str(g("lstyle"))
    dl = str(g("date_label"))
    long_date = c.rng.random() < 0.5
    dtext = fmt(c.date, lstyle if long_date else dstyle)
    if dl in ("Date", "Data", "Tarih", "Дата"):
        p.at(84).line(f"{dl}: {dtext}", x=RIGHT, align="right", font="serif")
    else:
        p.at(84).line(
            f"{dl} {dtext}" if dl.endswith("le") else f"{dl}, {dtext}",
            x=RIGHT,
            align="right",
            font="serif",
        )
    p.gap(3).line(str(g("title")), size=13, font="serifb", x=(LEFT + RIGHT) / 2, align="centre")
    p.gap(2)
    first, spelled = _names(c, str(g("spelling")))
    bstyle = dstyle
    if key == "nl":
        p.line(
            f"{g('name_label')}: {first}, {g('birth_label')} {fmt(c.person.birth, bstyle)}",
            font="serif",
        )
    elif key in ("be", "ma"):
        lbl = str(g("birth_label"))
        if c.person.sex == "M":
            lbl = lbl.replace("née", "né")
        p.line(f"{g('name_label')} : {first}, {lbl} {fmt(c.person.birth, bstyle)}", font="serif")
    else:
        p.line(f"{g('name_label')}: {first}", font="serif")
        p.line(f"{g('birth_label')}: {fmt(c.person.birth, bstyle)}", font="serif")
    extra_notes = []
    if key == "uk":
        nhs = (
            f"{c.rng.randrange(400, 999)} {c.rng.randrange(100, 999)} {c.rng.randrange(1000, 9999)}"
        )
        p.line(f"NHS Number: {nhs}", font="serif")
        extra_notes.append("NHS number printed (not the practice's id)")
    if key == "us":
        p.line(f"MRN: {c.rng.randrange(10**7, 10**8)}", font="serif")
        extra_notes.append("US month/day/year dates")
    if key == "ro":
        b = c.person.birth
        sexd = 1 if c.person.sex == "M" else 2
        tail = c.rng.randrange(100000, 999999)
        cnp = f"{sexd}{b.year % 100:02d}{b.month:02d}{b.day:02d}{tail}"
        p.line(f"CNP: {cnp}", font="serif")
        extra_notes.append("the CNP contains the birth date (not a printed date)")
    p.line(f"{g('adm')}: {fmt(adm, dstyle)}", font="serif")
    p.line(f"{g('dis')}: {fmt(dis, dstyle)}", font="serif").gap(3)
    for b in g("body"):  # type: ignore[attr-defined]
        p.para(str(b), font="serif")
    signature(p, [str(g("doctor"))], str(g("closing")))
    return Spec(
        f"letter from abroad ({key})",
        [p],
        str(g("sender")),
        first,
        spelled,
        c.date,
        str(g("fax")),
        title=str(g("title")),
        sender_alts=list(g("alts")),  # type: ignore[call-overload]
        title_alts=list(g("title_alts")),  # type: ignore[call-overload]
        birth_printed=True,
        other_dates=[(adm, "admission"), (dis, "discharge")],
        other_people=[(str(g("doctor")).split(",")[0], "physician")],
        notes=[
            f"{g('lang')} letter, dates as printed in {g('region')}"
            + (" (written-out month)" if long_date else ""),
            *extra_notes,
        ],
        language=str(g("lang")),
        region=str(g("region")),
    )
