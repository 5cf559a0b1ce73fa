# SPDX-License-Identifier: AGPL-3.0-or-later
"""The letters: who each is for, which layout writes it, its truth and its three conditions."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, replace
from typing import Any

from bench.heldout50f import faxing, people, register
from bench.heldout50f.kit import PRACTICES, Case, Draft, Person
from bench.heldout50f.layouts import LAYOUTS, Layout
from bench.heldout50f.render import fax_tiff, pdf_bytes, scan_jpeg
from bench.heldout50f.sheet import Page

SPLITS = {"test": (40, 50_601), "examples": (6, 50_602)}
FIRST_DAY = datetime.date(2024, 1, 8)
LAST_DAY = datetime.date(2025, 11, 21)


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    draft: Draft
    patient: dict[str, Any]
    register: dict[str, Any] | None
    notes: list[str]
    fax: faxing.Fax
    split_seed: int
    birth: datetime.date  # the patient's birth date (printed or not)

    def pages(self, condition: str) -> list[tuple[str, str, Page]]:
        """(page name, file name, page) for a condition."""
        if condition == "pdf":
            if self.draft.handwritten:
                raise ValueError(f"{self.id} is handwritten: it has no pdf condition")
            return [(f"p{i}", "pdf/letter.pdf", p) for i, p in enumerate(self.draft.sheet.pages, 1)]
        if condition == "scan200":
            pages = self.draft.sheet.pages
            return [(f"p{i}", f"scan200/page-{i:02d}.jpg", p) for i, p in enumerate(pages, 1)]
        if condition == "fax":
            named = faxing.fax_pages(self.fax, self.draft)
            return [(name, f"fax/page-{i:02d}.tif", p) for i, (name, p) in enumerate(named, 1)]
        raise ValueError(f"unknown condition {condition!r}: pdf, scan200 or fax")

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.draft.handwritten else ["pdf", "scan200", "fax"]

    def render(self, condition: str) -> dict[str, bytes]:
        pages = self.pages(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": pdf_bytes([p for _, _, p in pages], self.draft.title or "")}
        paint = scan_jpeg if condition == "scan200" else fax_tiff
        return {file: paint(page, self.seed * 100 + i) for i, (_, file, page) in enumerate(pages)}

    def truth(self) -> dict[str, Any]:
        d = self.draft
        facts = {
            "patient": self.patient,
            "birth_date": self.birth.isoformat() if d.birth_printed else None,
            "letter_date": d.letter_date.isoformat() if d.letter_date else None,
            "sender": d.sender,
            "sender_alternatives": d.sender_alternatives,
            "title": d.title,
            "title_alternatives": d.title_alternatives,
            "patient_id": d.patient_id,
            "other_dates": [{"date": day.isoformat(), "role": role} for day, role in d.other_dates],
            "other_people": [{"name": name, "role": role} for name, role in d.people],
        }
        conditions = {}
        for condition in self.conditions():
            rows = []
            for number, (name, file, page) in enumerate(self.pages(condition), 1):
                row: dict[str, object] = {"page": name, "file": file}
                if condition == "pdf":
                    row["pdf_page"] = number
                row["text"] = page.text()
                rows.append(row)
            conditions[condition] = {"pages": rows}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.split_seed,
            "letter_seed": self.seed,
            "layout": self.layout,
            "language": d.language,
            "region": d.region,
            "handwritten": d.handwritten,
            "facts": facts,
            "register": self.register,
            "notes": self.notes + d.notes,
            "fax": {
                "sent": self.fax.sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.fax.cover,
            },
            "conditions": conditions,
        }


def split(name: str) -> list[Letter]:
    """The test split (40 letters) or the examples (6); there is no dev split."""
    if name not in SPLITS:
        raise ValueError(f"no split {name!r} in this set: 'test' or 'examples' (no 'dev')")
    count, seed = SPLITS[name]
    return generate(count, seed, name)


def _plan(count: int, rng: random.Random) -> list[str]:
    """Which kind of patient each letter is for."""
    if count >= 30:
        kinds = ["absent"] * 8 + ["same_name_same_birth"] * 3 + ["twin"] * 2
        kinds += ["name_change"] * 3 + ["umlaut_spelling"] * 3 + ["titled"] * 3
    else:
        kinds = ["absent", "name_change", "umlaut_spelling"][: max(0, count - 2)]
    kinds += ["plain"] * (count - len(kinds))
    rng.shuffle(kinds)
    return kinds


def _titles_where_printed(kinds: list[str], layouts: list[Layout]) -> None:
    """Moves the patients with an academic title to letters whose layout prints titles."""
    for index, kind in enumerate(kinds):
        if kind != "titled" or layouts[index].titles:
            continue
        for other, candidate in enumerate(kinds):
            if candidate == "plain" and layouts[other].titles:
                kinds[index], kinds[other] = "plain", "titled"
                break


def generate(count: int, seed: int, split_name: str = "generated") -> list[Letter]:
    """count letters, deterministic from seed; every layout once before any twice."""
    rng = random.Random(seed)
    patients = register.build()
    order = list(LAYOUTS)
    rng.shuffle(order)
    kinds = _plan(count, rng)
    _titles_where_printed(kinds, [LAYOUTS[order[i % len(order)]] for i in range(count)])
    used: set[str] = set()
    letters = []
    for index in range(count):
        layout = LAYOUTS[order[index % len(order)]]
        letter_seed = seed * 1000 + index
        letters.append(
            _letter(split_name, (index, seed), letter_seed, layout, kinds[index], patients, used)
        )
    return letters


def _letter(
    split_name: str,
    position: tuple[int, int],
    seed: int,
    layout: Layout,
    kind: str,
    patients: list[register.Patient],
    used: set[str],
) -> Letter:
    index, split_seed = position
    rng = random.Random(seed)
    chosen, person, notes, decide = _choose(rng, kind, patients, used, layout)
    practice = rng.choice(PRACTICES)
    day = FIRST_DAY + datetime.timedelta(days=rng.randint(0, (LAST_DAY - FIRST_DAY).days))
    case = Case(
        rng=rng,
        pat=person,
        practice=practice,
        doctor=rng.choice(practice.doctors),
        day=day,
        register_id=chosen.id if chosen else None,
        show_address=decide == "address",
        print_register_id=decide == "id",
        birth_optional=kind in ("plain", "titled", "absent"),
    )
    draft = layout.write(case)
    notes = _settle(notes, decide, chosen, person, draft)
    draft.addressee = (practice.name, case.doctor)
    named = {name for name, _ in draft.people}
    if case.doctor not in named and any(case.doctor in p.text() for p in draft.sheet.pages):
        draft.people.insert(0, (case.doctor, "addressee"))
    fax = faxing.plan(rng, day, cover=index % 3 == 1)
    patient, reg = _patient_truth(chosen, person, draft)
    letter_id = f"{split_name}-{index + 1:03d}"
    fields = (layout.name, draft, patient, reg, notes, fax, split_seed, person.birth)
    return Letter(letter_id, split_name, seed, *fields)


def _patient_truth(
    chosen: register.Patient | None, person: Person, draft: Draft
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The truth's patient (the register's name, the letter's) and register entries."""
    as_letter = f"{draft.given_as_letter or person.given} {person.surname}"
    patient = {
        "full_name": chosen.clerk_name if chosen else as_letter,
        "surname": chosen.surname if chosen else person.surname,
        "given_names": chosen.given_names if chosen else person.given,
        "as_written": draft.as_written,
        "full_name_as_letter": as_letter,
        "register_id": chosen.id if chosen else None,
    }
    if chosen is None:
        return patient, None
    reg = {
        "id": chosen.id,
        "collision": chosen.collision or None,
        "collision_group": chosen.collision_group or None,
    }
    return patient, reg


def _choose(
    rng: random.Random,
    kind: str,
    patients: list[register.Patient],
    used: set[str],
    layout: Layout,
) -> tuple[register.Patient | None, Person, list[str], str]:
    """The register patient (None if absent), the patient as the letter spells them, notes,
    and what decides between look-alikes ("address", "id" or "")."""
    spelling = layout.spelling
    if kind == "absent":
        person = _absent(rng, patients, spelling, layout.ages)
        return None, person, ["the patient is not in the register"], ""
    if kind in ("plain", "titled"):
        pool = [p for p in patients if not p.collision and p.sex in "FM" and p.id not in used]
        pool = [p for p in pool if _fits(p.birth_date, layout.ages)]
        if kind == "titled":
            pool = [p for p in pool if p.title]
        elif spelling != "keep" and rng.random() < 0.7:
            pool = [p for p in pool if _spell(_person(p), spelling) != _person(p)] or pool
        chosen = rng.choice(pool)
        used.add(chosen.id)
        person = _spell(_person(chosen), spelling)
        notes = _spelling_notes(chosen, person)
        return chosen, person, notes, ""
    return _collision(rng, kind, patients, used, layout)


AGE_DAY = datetime.date(2025, 1, 1)


def _fits(born: datetime.date, ages: tuple[int, int]) -> bool:
    """Whether someone born then is of an age the layout's letter is about (early 2025)."""
    age = (AGE_DAY - born).days // 365
    return ages[0] <= age <= ages[1]


def _person(p: register.Patient) -> Person:
    return Person(
        given=p.given_names,
        surname=p.surname,
        sex=p.sex if p.sex in "FM" else "F",
        birth=p.birth_date,
        street=p.street,
        postcode=p.postcode,
        city=p.city,
        title=p.title,
        birth_name=p.birth_name,
    )


def _spell(person: Person, spelling: str) -> Person:
    """The letter's spelling: as in the register, umlauts written out, or accents dropped."""
    change = {
        "translit": people.transliterate,
        "plain": people.plain_latin,
        "umlauts": people.drop_umlauts,
        "swiss": _swiss,
    }.get(spelling)
    if change is None:
        return person
    return replace(
        person,
        given=change(person.given),
        surname=change(person.surname),
        birth_name=change(person.birth_name),
    )


def _swiss(text: str) -> str:
    return text.replace("ß", "ss")


def _spelling_notes(chosen: register.Patient, person: Person) -> list[str]:
    if (person.given, person.surname) == (chosen.given_names, chosen.surname):
        return []
    return [
        f"the letter spells the name {person.given} {person.surname}; "
        f"the register has {chosen.given_names} {chosen.surname}"
    ]


def _absent(
    rng: random.Random, patients: list[register.Patient], spelling: str, ages: tuple[int, int]
) -> Person:
    """Someone who is not in the register (the same name may be, with another birth date)."""
    known = {(p.surname, p.given_names, p.birth_date) for p in patients}
    while True:
        candidate = register._random_patient(rng, "0")
        key = (candidate.surname, candidate.given_names, candidate.birth_date)
        if candidate.sex in "FM" and key not in known and _fits(candidate.birth_date, ages):
            return _spell(_person(candidate), spelling)


def _collision(
    rng: random.Random,
    kind: str,
    patients: list[register.Patient],
    used: set[str],
    layout: Layout,
) -> tuple[register.Patient, Person, list[str], str]:
    """A member of a free collision group of the kind, of an age the layout suits where one is."""
    spelling = layout.spelling
    groups: dict[str, list[register.Patient]] = {}
    for p in patients:
        if p.collision == kind:
            groups.setdefault(p.collision_group, []).append(p)
    free = sorted(g for g in groups if g not in used)
    suited = [g for g in free if all(_fits(m.birth_date, layout.ages) for m in groups[g])]
    group = rng.choice(suited or free)
    used.add(group)
    members = sorted(groups[group], key=lambda p: p.id)
    if kind == "same_name_same_birth":
        return _same(rng, members, group, spelling)
    if kind == "twin":
        chosen = rng.choice(members)
        other = next(m for m in members if m is not chosen)
        note = (
            f"collision {group}: twin of {other.given_names} {other.surname} (same surname, "
            "birth date and address); the given name decides"
        )
        return chosen, _spell(_person(chosen), spelling), [note], ""
    if kind == "name_change":
        return _name_change(rng, members, group)
    return _umlaut(rng, members, group)


def _same(
    rng: random.Random, members: list[register.Patient], group: str, spelling: str
) -> tuple[register.Patient, Person, list[str], str]:
    chosen = rng.choice(members)
    decide = rng.choice(["address", "address", "id", ""])
    person = _spell(_person(chosen), spelling)
    note = f"collision {group}: {len(members)} patients with the same name and birth date; "
    return chosen, person, [note + DECIDES], decide


DECIDES = "{decides}"


def _settle(
    notes: list[str],
    decide: str,
    chosen: register.Patient | None,
    person: Person,
    draft: Draft,
) -> list[str]:
    """Notes that say only what the letter really prints: the deciding address or number,
    the birth name; the printed register number becomes the truth's patient_id."""
    text = "\n".join(page.text() for page in draft.sheet.pages)
    if chosen and chosen.id in text:
        draft.patient_id = chosen.id
    if decide == "address" and chosen and chosen.street in text:
        decides = f"the printed address ({chosen.street}, {chosen.postcode}) decides"
    elif decide == "id" and draft.patient_id:
        decides = (
            f"the practice's own patient number {chosen.id if chosen else ''}, printed, decides"
        )
    else:
        decides = "nothing printed decides: a matcher should report the ambiguity"
    out = [note.replace(DECIDES, decides) for note in notes]
    if chosen and chosen.title:
        printed = chosen.title in text
        out.append(
            f"the register holds the title {chosen.title}; {'' if printed else 'not '}printed"
        )
    if person.birth_name:
        printed = person.birth_name.casefold() in text.casefold()
        out.append(f"the birth name {person.birth_name} is {'' if printed else 'not '}printed")
    return out


def _name_change(
    rng: random.Random, members: list[register.Patient], group: str
) -> tuple[register.Patient, Person, list[str], str]:
    married = next(m for m in members if m.birth_name or m.former_names)
    namesake = next(m for m in members if m is not married)
    old = married.birth_name or married.former_names[0]
    variant = rng.randrange(3)
    if variant == 0:
        person = replace(_person(married), birth_name=old)
        note = f"the letter is for her current name; {old} is her earlier name"
        chosen = married
    elif variant == 1:
        person = replace(_person(married), surname=old, birth_name="")
        note = f"the letter uses only her earlier name {old}, another patient's current surname"
        chosen = married
    else:
        person = _person(namesake)
        note = f"a patient whose surname is another patient's earlier name ({married.surname})"
        chosen = namesake
    return chosen, person, [f"collision {group}: {note}; the birth date decides"], ""


def _umlaut(
    rng: random.Random, members: list[register.Patient], group: str
) -> tuple[register.Patient, Person, list[str], str]:
    chosen = rng.choice(members)
    other = next(m for m in members if m is not chosen)
    person = _person(chosen)
    if people.transliterate(chosen.surname) != chosen.surname or rng.random() < 0.5:
        person = replace(person, surname=other.surname)
        note = f"the letter writes {other.surname} for {chosen.surname}"
    else:
        note = (
            f"the letter writes {chosen.surname} as the register does; {other.surname} is another"
        )
    note += f" (collision {group}, umlaut spelling); the birth date decides"
    return chosen, person, [note], ""
