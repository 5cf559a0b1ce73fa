"""Canned sentences, labels and diagnoses in each language of the set."""

from __future__ import annotations

L = {
    "de": {
        "dear": "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,",
        "intro": "wir berichten über unseren gemeinsamen Patienten, der sich vom {adm} bis zum {dis} in unserer stationären Behandlung befand.",
        "intro_short": "vielen Dank für die Zuweisung. Wir berichten über die Vorstellung in unserer Praxis am {exam}.",
        "diag": "Diagnosen:", "ther": "Therapie und Verlauf:", "med": "Empfohlene Medikation:",
        "regards": "Mit freundlichen kollegialen Grüßen",
        "page": "Seite {n} von {t}",
        "exam": "Untersuchung vom {exam}",
        "cover": ["TELEFAX", "An: {to}", "Fax-Nr.: {tofax}", "Von: {frm}", "Fax-Nr.: {frmfax}", "Datum: {date}", "Seiten (inkl. Deckblatt): {n}", "Betreff: Befundübermittlung", "Dieses Fax enthält vertrauliche medizinische Informationen.", "Sollten Sie nicht der richtige Empfänger sein, benachrichtigen Sie uns bitte sofort."],
    },
    "fr": {
        "dear": "Chère Consœur, cher Confrère,",
        "intro": "Votre patient a été hospitalisé dans notre service du {adm} au {dis}.",
        "intro_short": "Je vous remercie de m'avoir adressé votre patient, vu en consultation le {exam}.",
        "diag": "Diagnostics :", "ther": "Évolution et traitement :", "med": "Traitement de sortie :",
        "regards": "Bien confraternellement,",
        "page": "Page {n}/{t}",
        "exam": "Examen du {exam}",
        "cover": ["TÉLÉCOPIE", "Destinataire : {to}", "N° de fax : {tofax}", "Expéditeur : {frm}", "N° de fax : {frmfax}", "Date : {date}", "Nombre de pages (y compris celle-ci) : {n}", "Objet : transmission de documents médicaux", "Ce document est confidentiel et destiné uniquement au destinataire."],
    },
    "nl": {
        "dear": "Geachte collega,",
        "intro": "Uw patiënt werd van {adm} tot {dis} opgenomen op onze dienst.",
        "diag": "Diagnose:", "ther": "Verloop:", "med": "Medicatie bij ontslag:",
        "regards": "Met collegiale groeten,", "page": "Pagina {n}/{t}",
    },
    "it": {
        "dear": "Gentile Collega,",
        "intro": "il Suo paziente è stato ricoverato presso il nostro reparto dal {adm} al {dis}.",
        "diag": "Diagnosi:", "ther": "Decorso clinico:", "med": "Terapia alla dimissione:",
        "regards": "Cordiali saluti", "page": "Pagina {n} di {t}",
    },
    "pt": {
        "dear": "Caro(a) Colega,",
        "intro": "O(A) utente esteve internado(a) no nosso serviço de {adm} a {dis}.",
        "diag": "Diagnóstico:", "ther": "Evolução clínica:", "med": "Medicação à saída:",
        "regards": "Com os melhores cumprimentos,", "page": "Página {n}/{t}",
    },
    "el": {
        "dear": "Αξιότιμε συνάδελφε,",
        "intro": "Ο ασθενής νοσηλεύτηκε στην κλινική μας από {adm} έως {dis}.",
        "diag": "Διάγνωση:", "ther": "Πορεία νόσου:", "med": "Φαρμακευτική αγωγή:",
        "regards": "Με συναδελφικούς χαιρετισμούς", "page": "Σελίδα {n}/{t}",
    },
    "tr": {
        "dear": "Sayın Meslektaşım,",
        "intro": "Hastanız {adm} - {dis} tarihleri arasında kliniğimizde yatarak tedavi görmüştür.",
        "diag": "Tanı:", "ther": "Klinik seyir:", "med": "Taburculuk tedavisi:",
        "regards": "Saygılarımla", "page": "Sayfa {n}/{t}",
    },
    "ro": {
        "dear": "Stimate coleg,",
        "intro": "Pacienta a fost internată în clinica noastră în perioada {adm} - {dis}.",
        "diag": "Diagnostic:", "ther": "Evoluție:", "med": "Tratament la externare:",
        "regards": "Cu stimă,", "page": "Pagina {n}/{t}",
    },
    "en": {
        "dear": "Dear Colleague,",
        "intro": "Your patient was admitted to our unit on {adm} and discharged on {dis}.",
        "intro_short": "Your patient was seen in our Emergency Department on {exam}.",
        "diag": "Diagnoses:", "ther": "Clinical course:", "med": "Medication on discharge:",
        "regards": "Kind regards,", "page": "Page {n} of {t}",
        "cover": ["FAX COVER SHEET", "To: {to}", "Fax: {tofax}", "From: {frm}", "Fax: {frmfax}", "Date: {date}", "Pages (including cover): {n}", "Re: Medical correspondence", "CONFIDENTIAL: intended only for the named recipient."],
    },
}

DIAG = {
    "de": ["Arterielle Hypertonie", "Diabetes mellitus Typ 2, insulinpflichtig", "Vorhofflimmern, paroxysmal", "Chronische Niereninsuffizienz Stadium G3a", "COPD GOLD II", "Koronare Herzkrankheit, 2-Gefäßerkrankung", "Lumbale Spinalkanalstenose L4/5", "Cholezystolithiasis", "Hypothyreose", "Eisenmangelanämie"],
    "fr": ["Fibrillation atriale paroxystique", "Hypertension artérielle", "Insuffisance cardiaque à FEVG préservée", "Diabète de type 2", "Pneumopathie communautaire"],
    "nl": ["Community-acquired pneumonie", "Hartfalen met behouden ejectiefractie", "Diabetes mellitus type 2", "Acute nierinsufficiëntie"],
    "it": ["Frattura composta del radio distale", "Colica renale destra", "Disidratazione", "Ipertensione arteriosa"],
    "pt": ["Gastroenterite aguda", "Hipertensão arterial", "Desidratação ligeira", "Lombalgia mecânica"],
    "el": ["Πνευμονία κοινότητας", "Αρτηριακή υπέρταση", "Σακχαρώδης διαβήτης τύπου 2"],
    "tr": ["Akut koroner sendrom", "Hipertansiyon", "Tip 2 diabetes mellitus", "Hiperlipidemi"],
    "ro": ["Pielonefrită acută", "Hipertensiune arterială", "Anemie feriprivă"],
    "en": ["Community-acquired pneumonia", "Acute kidney injury, resolved", "Type 2 diabetes mellitus", "Hypertension", "Fall without head injury"],
}

BODY = {
    "de": [
        "Die Aufnahme erfolgte über die Zentrale Notaufnahme bei zunehmender Belastungsdyspnoe.",
        "Laborchemisch zeigten sich erhöhte Entzündungsparameter, die unter Therapie rückläufig waren.",
        "Die Medikation wurde wie unten aufgeführt angepasst; wir bitten um Kontrolle der Nierenwerte in einer Woche.",
        "Der Patient wurde in gebessertem Allgemeinzustand in die häusliche Umgebung entlassen.",
        "Eine Wiedervorstellung in unserer Ambulanz ist in drei Monaten vorgesehen.",
        "Bei erneuten Beschwerden bitten wir um umgehende Wiedervorstellung.",
        "Echokardiographisch fand sich eine normale linksventrikuläre Funktion ohne relevante Vitien.",
        "Die Mobilisation gelang zunehmend gut, die Wundverhältnisse waren reizlos.",
    ],
    "fr": [
        "Le patient a été admis par les urgences pour des palpitations et une dyspnée d'effort.",
        "L'échocardiographie retrouve une fonction ventriculaire gauche conservée.",
        "L'évolution a été favorable sous traitement, permettant un retour à domicile.",
        "Nous proposons un contrôle biologique dans huit jours et une consultation dans trois mois.",
    ],
    "nl": ["De patiënt werd opgenomen via de spoedgevallendienst met koorts en hoest.", "Onder antibiotische therapie was er een vlot herstel.", "Wij stellen voor de nierfunctie binnen één week te controleren."],
    "it": ["Il paziente è giunto in Pronto Soccorso in seguito a caduta accidentale.", "Eseguita radiografia con riscontro di frattura composta.", "Si consiglia controllo ortopedico presso il medico curante entro dieci giorni."],
    "pt": ["A utente recorreu ao Serviço de Urgência por vómitos e diarreia.", "Após hidratação endovenosa verificou-se melhoria clínica.", "Recomenda-se seguimento pelo médico assistente."],
    "el": ["Ο ασθενής προσήλθε με πυρετό και βήχα.", "Έλαβε αντιβιοτική αγωγή με καλή ανταπόκριση.", "Συνιστάται επανέλεγχος από τον θεράποντα ιατρό."],
    "tr": ["Hasta göğüs ağrısı şikayeti ile acil servise başvurmuştur.", "Koroner anjiyografi yapılmış ve stent uygulanmıştır.", "Aile hekimi kontrolü önerilmiştir."],
    "ro": ["Pacienta s-a prezentat cu febră și disurie.", "Sub tratament antibiotic evoluția a fost favorabilă.", "Se recomandă control la medicul de familie."],
    "en": [
        "The patient presented with a two-day history of fever and productive cough.",
        "Chest X-ray showed right lower lobe consolidation; she was treated with oral antibiotics.",
        "Renal function improved with intravenous fluids.",
        "Please arrange a repeat blood test in one week.",
    ],
}

MEDS = ["Ramipril 5 mg 1-0-0", "Metoprololsuccinat 47,5 mg 1-0-1", "Apixaban 5 mg 1-0-1", "Atorvastatin 40 mg 0-0-1", "Metformin 1000 mg 1-0-1", "Pantoprazol 20 mg 1-0-0", "L-Thyroxin 75 µg 1-0-0", "Torasemid 10 mg 1-0-0"]

LAB = [
    ("Hämoglobin", "g/dl", 12.0, 17.5, "13,9"),
    ("Leukozyten", "/nl", 4.0, 10.0, "11,2 H"),
    ("Thrombozyten", "/nl", 150, 400, "246"),
    ("Kreatinin", "mg/dl", 0.7, 1.2, "1,31 H"),
    ("eGFR (CKD-EPI)", "ml/min", 60, 200, "54 L"),
    ("Kalium", "mmol/l", 3.5, 5.1, "4,4"),
    ("Natrium", "mmol/l", 135, 145, "139"),
    ("HbA1c", "%", 4.0, 5.7, "7,1 H"),
    ("TSH basal", "mU/l", 0.27, 4.2, "2,15"),
    ("CRP", "mg/l", 0, 5, "18,4 H"),
    ("GPT (ALT)", "U/l", 0, 50, "31"),
    ("LDL-Cholesterin", "mg/dl", 0, 116, "142 H"),
    ("Ferritin", "ng/ml", 30, 400, "21 L"),
    ("INR", "", 0.85, 1.15, "2,6 H"),
]
LAB_FR = [("Hémoglobine", "g/dL", "13,1"), ("Leucocytes", "G/L", "7,8"), ("Créatinine", "µmol/L", "96"), ("Potassium", "mmol/L", "4,2"), ("TSH", "mUI/L", "1,85"), ("Glycémie à jeun", "g/L", "1,12")]
