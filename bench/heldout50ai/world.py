"""Receiving practices, senders and name spellings of the region."""

from __future__ import annotations

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Hausarztpraxis am Wall",
        "names": ["Hausarztpraxis am Wall", "Praxis am Wall", "Hausarztpraxis am Wall Bremen"],
        "doctor": "Dr. med. Frauke Hinrichsen",
        "address": "Am Wall 141, 28195 Bremen",
        "fax": "0421 3398712",
        "kind": "Einzelpraxis Allgemeinmedizin",
    },
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
        "Dr. Onnen & Dr. Saathoff-Ubben",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
            "Dr. Onnen & Dr. Saathoff-Ubben",
            "Gemeinschaftspraxis Dr. Onnen & Dr. Saathoff-Ubben",
            "Gemeinschaftspraxis Onnen / Saathoff-Ubben",
            "Praxis Dr. Onnen",
        ],
        "doctor": "Dr. med. Tjark Onnen",
        "address": "Mühlenstraße 23, 26789 Leer (Ostfriesland)",
        "fax": "0491 9123457",
        "kind": "Berufsausübungsgemeinschaft",
    },
    {
        "name": "MVZ Hausärzte Emsland",
        "names": ["MVZ Hausärzte Emsland", "MVZ Hausärzte Emsland GmbH", "Hausärzte Emsland"],
        "doctor": "Dr. med. Bernd Robben",
        "address": "Lookenstraße 8, 49808 Lingen (Ems)",
        "fax": "0591 80061239",
        "kind": "Medizinisches Versorgungszentrum",
    },
]

# recipient block lines per practice (as the senders write them)
RECIPIENT = [
    ["Hausarztpraxis am Wall", "Frau Dr. med. Frauke Hinrichsen", "Am Wall 141", "28195 Bremen"],
    [
        "Gemeinschaftspraxis für Allgemeinmedizin",
        "und Innere Medizin",
        "Dr. Onnen & Dr. Saathoff-Ubben",
        "Mühlenstraße 23",
        "26789 Leer (Ostfriesland)",
    ],
    [
        "MVZ Hausärzte Emsland",
        "Herrn Dr. med. Bernd Robben",
        "Lookenstraße 8",
        "49808 Lingen (Ems)",
    ],
]

CYR_SUR = {
    "Neufeld": "Нойфельд",
    "Penner": "Пеннер",
    "Friesen": "Фризен",
    "Dyck": "Дик",
    "Wolf": "Вольф",
    "Schmidt": "Шмидт",
    "Klassen": "Классен",
    "Janzen": "Янцен",
    "Kovalenko": "Коваленко",
    "Schewtschenko": "Шевченко",
    "Bondarenko": "Бондаренко",
}
CYR_GIVEN = {
    "Waldemar": "Вальдемар",
    "Viktor": "Виктор",
    "Alexander": "Александр",
    "Olga": "Ольга",
    "Swetlana": "Светлана",
    "Lydia": "Лидия",
    "Mykola": "Микола",
    "Taras": "Тарас",
    "Oksana": "Оксана",
    "Olena": "Олена",
    "Maria": "Мария",
    "Jonas": "Йонас",
}

DE_MONTHS = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
NL_MONTHS = [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
]
EN_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
RU_MONTHS = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
]
UA_MONTHS = [
    "січня",
    "лютого",
    "березня",
    "квітня",
    "травня",
    "червня",
    "липня",
    "серпня",
    "вересня",
    "жовтня",
    "листопада",
    "грудня",
]
