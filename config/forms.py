"""The site's form renderer: Django's, with one change to how a label is drawn.

A checkbox's label follows its box ("☐ Paid"), so it is a plain phrase without the label
suffix Django adds to every other label ("First player:", « Premier joueur : »).
Set as FORM_RENDERER, so every form of every app draws its checkboxes this way.
"""

from __future__ import annotations

from django.forms.boundfield import BoundField
from django.forms.renderers import DjangoTemplates


class CheckboxLabelField(BoundField):
    def label_tag(self, contents=None, attrs=None, label_suffix=None, tag=None):
        if (
            label_suffix is None
            and self.field.label_suffix is None
            and self.widget_type == "checkbox"
        ):
            label_suffix = ""
        return super().label_tag(contents, attrs, label_suffix, tag)


class FormRenderer(DjangoTemplates):
    bound_field_class = CheckboxLabelField
