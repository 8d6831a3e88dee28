"""The texts of a damaged log (kitapi.devlog skipped a record), in Russian: loaded only when there is one
(App.pt("damage")).  A screen line is 16 characters."""

TITLE = "Повреждена"  # the screen that names a damaged hand (kitapi.app.damaged)
HINT = "#ввод *потом"
LINES = ("Раздача %d", "повреждена:", "введите снова")  # its text
HELD = ("Отложено: %d", "с раздачи %d")  # later hands the rules refuse without it (kitapi.replay)
LOST = "Повреждена: %d"  # the home screen's line while it is not entered again
AGAIN = "Введите снова"  # the home screen while it is entered again
ROW = "повреждена"  # its row in the hands
TORN = "Проверьте посл."  # power was lost while an entry was written: it is not in the log
BAD = "Повреждено: %d"  # damaged records that were not hands (corrections), skipped
