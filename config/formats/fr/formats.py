"""French dates and times as fr-CA writes them: "1 décembre 2026", "22 h 41" (24 hours).

Django's own fr formats are France's ("01/12/2026", "22:41"); the halls are in Canada.
"""

DATE_FORMAT = "j F Y"
TIME_FORMAT = "G \\h i"
DATETIME_FORMAT = "j F Y, G \\h i"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d G \\h i"
FIRST_DAY_OF_WEEK = 0  # Sunday, as Canadian calendars start the week
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d/%m/%y"]
DATETIME_INPUT_FORMATS = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"]
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "\xa0"
NUMBER_GROUPING = 3
