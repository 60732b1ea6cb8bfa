"""The fake Discord's forms: what a MODAL callback may hold, and a member's submit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.fake.modals import broken_modal, submit_data


def label(child: dict[str, Any], text: str = "A field") -> dict[str, Any]:
    return {"type": 18, "label": text, "component": child}


def text_input(custom_id: str = "t", value: str = "5") -> dict[str, Any]:
    return {"type": 4, "custom_id": custom_id, "style": 1, "value": value}


def radio(custom_id: str = "r", count: int = 2) -> dict[str, Any]:
    return {"type": 21, "custom_id": custom_id,
            "options": [{"label": f"o{n}", "value": f"o{n}", "default": n == 0}
                        for n in range(count)]}


def modal(*components: dict[str, Any], title: str = "Settings") -> dict[str, Any]:
    return {"custom_id": "rami:form:x", "title": title, "components": list(components)}


def errors_at(data: dict[str, Any]) -> set[str]:
    found = broken_modal(data)
    assert found is not None and found["code"] == 50035
    paths: set[str] = set()

    def walk(node: dict[str, Any], path: str) -> None:
        for key, value in node.items():
            if key == "_errors":
                paths.add(path)
            else:
                walk(value, f"{path}.{key}" if path else key)

    walk(found["errors"], "")
    return paths


def test_a_form_of_labels_passes() -> None:
    assert broken_modal(modal(label(text_input()), label(radio(), "B"),
                              label({"type": 23, "custom_id": "c"}, "C"))) is None


@pytest.mark.parametrize(("data", "path"), [
    (modal(*(label(text_input(f"t{n}")) for n in range(6))), "data.components"),
    (modal(label(text_input()), title="x" * 46), "data.title"),
    (modal(label(text_input(), "x" * 46)), "data.components.0.label"),
    (modal(label(text_input("x" * 101))), "data.components.0.component.custom_id"),
    (modal(label(radio(count=1))), "data.components.0.component.options"),
    (modal(label(radio(count=11))), "data.components.0.component.options"),
    (modal(label(text_input()), label(text_input(), "B")),
     "data.components.1.component.custom_id"),
    (modal({"type": 18, "label": "L"}), "data.components.0.component"),
    (modal({"type": 2, "custom_id": "b", "style": 1}), "data.components.0.type"),
    (modal(label({"type": 22, "custom_id": "g", "max_values": 3,
                  "options": [{"label": "a", "value": "a"}]})),
     "data.components.0.component.max_values"),
])
def test_what_discord_refuses_is_named(data: dict[str, Any], path: str) -> None:
    assert path in errors_at(data)


def channel(channel_id: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "name": "table"}


def test_a_submit_has_discords_shape_and_keeps_what_was_not_touched() -> None:
    form = modal(label(text_input()), label(radio(), "B"),
                 label({"type": 22, "custom_id": "g", "options": [
                     {"label": "a", "value": "a", "default": True},
                     {"label": "b", "value": "b"}]}, "C"),
                 label({"type": 8, "custom_id": "ch", "default_values": [
                     {"id": 7, "type": "channel"}]}, "D"),
                 label({"type": 23, "custom_id": "c"}, "E"))
    data = submit_data(form, {"r": "o1", "c": True}, channel)
    assert data["custom_id"] == "rami:form:x"
    answers = [(c["type"], c["component"]) for c in data["components"]]
    assert [kind for kind, _ in answers] == [18] * 5
    values = {a["custom_id"]: a.get("value", a.get("values")) for _, a in answers}
    assert values == {"t": "5", "r": "o1", "g": ["a"], "ch": ["7"], "c": True}
    assert data["resolved"]["channels"]["7"]["id"] == "7"


@pytest.mark.parametrize("answer", [{"r": "nope"}, {"t": ""}, {"zzz": "1"},
                                    {"c": "yes"}])
def test_a_value_the_client_cannot_send_is_a_test_mistake(answer: dict[str, Any]) -> None:
    form = modal(label(text_input()), label(radio(), "B"),
                 label({"type": 23, "custom_id": "c"}, "C"))
    with pytest.raises(ValueError):
        submit_data(form, answer, channel)
