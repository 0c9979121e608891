import unittest

from solution import CronTable

# 2026-12-05 is a Saturday, 2026-12-06 a Sunday and 2026-12-07 a Monday.
WORK = "*/15 9-17 * * 1-5"


def table_of(**jobs):
    table = CronTable()
    for name, schedule in jobs.items():
        table.add_job(name, schedule)
    return table


class CronTableTestParseField(unittest.TestCase):
    def test_parse_field_1(self):
        table = CronTable()
        self.assertEqual(table.parse_field("*/15", 0, 59), [0, 15, 30, 45])
        self.assertEqual(table.parse_field("1-5,0", 0, 6), [0, 1, 2, 3, 4, 5])
        self.assertEqual(table.parse_field("50/4", 0, 59), [50, 54, 58])

    def test_parse_field_2(self):
        table = CronTable()
        self.assertEqual(table.parse_field("*", 0, 23), list(range(24)))
        self.assertEqual(table.parse_field("7", 0, 23), [7])
        self.assertEqual(table.parse_field("1-5/2", 0, 6), [1, 3, 5])
        self.assertEqual(table.parse_field("5,1,5", 0, 6), [1, 5])

    def test_parse_field_3(self):
        table = CronTable()
        for text in ["", "60", "5-1", "*/0", "a", "1-", "-1", "1,,2", " 1", "1.5", "*/", "1-70", "5/0"]:
            with self.assertRaises(ValueError):
                table.parse_field(text, 0, 59)

    def test_parse_field_4(self):
        table = CronTable()
        with self.assertRaises(ValueError):
            table.parse_field("0", 1, 31)
        self.assertEqual(table.parse_field("31", 1, 31), [31])
        self.assertEqual(table.parse_field("*/10", 1, 31), [1, 11, 21, 31])

    def test_parse_field_5(self):
        table = CronTable()
        self.assertEqual(table.parse_field("0-59/30", 0, 59), [0, 30])
        self.assertEqual(table.parse_field("*/7", 0, 23), [0, 7, 14, 21])
        self.assertEqual(table.parse_field("59", 0, 59), [59])
        self.assertEqual(table.parse_field("*/1", 0, 5), [0, 1, 2, 3, 4, 5])
        self.assertEqual(table.jobs, {})


class CronTableTestAddJob(unittest.TestCase):
    def test_add_job_1(self):
        table = CronTable()
        self.assertIs(table.add_job("backup", "30 2 * * 0"), True)
        self.assertEqual(table.jobs["backup"][:2], [[30], [2]])

    def test_add_job_2(self):
        table = table_of(work="0 9 * * *")
        self.assertIs(table.add_job("work", WORK), False)
        self.assertEqual(table.jobs, {"work": [[0, 15, 30, 45], list(range(9, 18)), list(range(1, 32)),
                                               list(range(1, 13)), [1, 2, 3, 4, 5]]})

    def test_add_job_3(self):
        table = table_of(work=WORK)
        bad = [("", "* * * * *"), ("x", "* * * *"), ("x", "* * * * * *"), ("x", "61 * * * *"), ("x", "* * 0 * *"),
               ("x", "* * * 13 *"), ("x", "* * * * 7"), ("x", "* 24 * * *"), ("work", "* * * * mon")]
        for name, schedule in bad:
            with self.assertRaises(ValueError):
                table.add_job(name, schedule)
        self.assertEqual(list(table.jobs), ["work"])
        self.assertEqual(table.jobs["work"][0], [0, 15, 30, 45])

    def test_add_job_4(self):
        table = CronTable()
        self.assertIs(table.add_job("noon", "0  12 *   * *"), True)
        self.assertEqual(table.jobs["noon"][:2], [[0], [12]])

    def test_add_job_5(self):
        table = CronTable()
        self.assertIs(table.add_job("a", "1 1 1 1 1"), True)
        self.assertIs(table.add_job("b", "2 2 2 2 2"), True)
        self.assertEqual(table.jobs, {"a": [[1], [1], [1], [1], [1]], "b": [[2], [2], [2], [2], [2]]})


class CronTableTestRunsOn(unittest.TestCase):
    def test_runs_on_1(self):
        table = table_of(report="0,30 8 * * 1-5")
        self.assertEqual(table.runs_on("report", "2026-12-07"), ["08:00", "08:30"])
        self.assertEqual(table.runs_on("report", "2026-12-06"), [])

    def test_runs_on_2(self):
        table = table_of(pay="0 6 1,15 * *")
        self.assertEqual(table.runs_on("pay", "2026-12-01"), ["06:00"])
        self.assertEqual(table.runs_on("pay", "2026-12-15"), ["06:00"])
        self.assertEqual(table.runs_on("pay", "2026-12-02"), [])

    def test_runs_on_3(self):
        table = table_of(feb="0 0 * 2 *")
        self.assertEqual(table.runs_on("feb", "2026-02-10"), ["00:00"])
        self.assertEqual(table.runs_on("feb", "2026-03-10"), [])

    def test_runs_on_4(self):
        table = table_of(feb="0 0 * 2 *")
        for name, day in [("nope", "2026-02-10"), ("feb", "2026-02-30"), ("feb", "2026-12-7"), ("feb", "20260210")]:
            with self.assertRaises(ValueError):
                table.runs_on(name, day)

    def test_runs_on_5(self):
        table = table_of(twice="*/20 9,10 * * *", sunday="0 9 * * 0")
        self.assertEqual(table.runs_on("twice", "2026-12-05"), ["09:00", "09:20", "09:40", "10:00", "10:20", "10:40"])
        self.assertEqual(table.runs_on("sunday", "2026-12-06"), ["09:00"])
        self.assertEqual(table.runs_on("sunday", "2026-12-05"), [])
        self.assertEqual(len(table.jobs), 2)


class CronTableTestMatches(unittest.TestCase):
    def test_matches_1(self):
        table = table_of(work=WORK)
        self.assertIs(table.matches("work", "2026-12-07 09:15"), True)
        self.assertIs(table.matches("work", "2026-12-05 09:15"), False)

    def test_matches_2(self):
        table = table_of(work=WORK)
        self.assertIs(table.matches("work", "2026-12-07 09:16"), False)
        self.assertIs(table.matches("work", "2026-12-07 17:45"), True)
        self.assertIs(table.matches("work", "2026-12-07 18:00"), False)
        self.assertIs(table.matches("work", "2026-12-07 08:45"), False)

    def test_matches_3(self):
        table = table_of(work=WORK)
        for name, when in [("nope", "2026-12-07 09:15"), ("work", "2026-12-07 24:00"), ("work", "2026-12-07 9:00"),
                           ("work", "2026-12-07"), ("work", "2026-12-07 09:15 ")]:
            with self.assertRaises(ValueError):
                table.matches(name, when)

    def test_matches_4(self):
        # Day 13 and Friday must both hold: 13 November 2026 is a Friday, 13 December a Sunday.
        table = table_of(unlucky="0 12 13 * 5")
        self.assertIs(table.matches("unlucky", "2026-11-13 12:00"), True)
        self.assertIs(table.matches("unlucky", "2026-12-13 12:00"), False)
        self.assertIs(table.matches("unlucky", "2026-12-11 12:00"), False)

    def test_matches_5(self):
        table = table_of(leap="0 0 29 2 *")
        self.assertIs(table.matches("leap", "2028-02-29 00:00"), True)
        self.assertIs(table.matches("leap", "2028-02-29 00:01"), False)
        self.assertEqual(list(table.jobs), ["leap"])


class CronTableTestNextRun(unittest.TestCase):
    def test_next_run_1(self):
        table = table_of(work=WORK)
        self.assertEqual(table.next_run("work", "2026-12-05 12:00"), "2026-12-07 09:00")
        self.assertEqual(table.next_run("work", "2026-12-07 09:00"), "2026-12-07 09:15")

    def test_next_run_2(self):
        table = table_of(work=WORK)
        self.assertEqual(table.next_run("work", "2026-12-07 17:45"), "2026-12-08 09:00")
        self.assertEqual(table.next_run("work", "2026-12-31 23:59"), "2027-01-01 09:00")
        self.assertEqual(table.next_run("work", "2026-12-07 08:59"), "2026-12-07 09:00")

    def test_next_run_3(self):
        table = table_of(leap="0 0 29 2 *", never="0 12 30 2 *")
        self.assertEqual(table.next_run("leap", "2026-12-05 00:00"), "2028-02-29 00:00")
        self.assertEqual(table.next_run("leap", "2024-03-01 00:00"), "2028-02-29 00:00")
        self.assertEqual(table.next_run("never", "2026-12-05 00:00"), "")

    def test_next_run_4(self):
        table = table_of(work=WORK)
        for name, after in [("nope", "2026-12-05 12:00"), ("work", "2026-12-05"), ("work", "2026-12-05 12:61"),
                            ("work", "2026-12-5 12:00")]:
            with self.assertRaises(ValueError):
                table.next_run(name, after)

    def test_next_run_5(self):
        # 29 February falls on a Monday again only in 2044, beyond the four-year window.
        table = table_of(rare="0 0 29 2 1", night="30 2 * * *")
        self.assertEqual(table.next_run("rare", "2026-12-05 00:00"), "")
        self.assertEqual(table.next_run("night", "2026-12-05 02:30"), "2026-12-06 02:30")
        self.assertEqual(table.next_run("night", "2026-12-05 02:29"), "2026-12-05 02:30")

    def test_next_run_6(self):
        # The window ends 1461 days after the date: 2028-02-29 is day 1461 after 2024-02-29, day 1462 after 2024-02-28.
        table = table_of(leap="0 0 29 2 *", tuesday="0 0 29 2 2")
        self.assertEqual(table.next_run("leap", "2024-02-29 00:00"), "2028-02-29 00:00")
        self.assertEqual(table.next_run("tuesday", "2024-02-29 00:00"), "2028-02-29 00:00")
        self.assertEqual(table.next_run("tuesday", "2024-02-28 00:00"), "")


class CronTableTestJobsAt(unittest.TestCase):
    def test_jobs_at_1(self):
        table = table_of(b="0 * * * *", a="0 12 * * *", c="5 12 * * *")
        self.assertEqual(table.jobs_at("2026-12-05 12:00"), ["a", "b"])

    def test_jobs_at_2(self):
        table = table_of(b="0 * * * *", a="0 12 * * *")
        self.assertEqual(table.jobs_at("2026-12-05 12:30"), [])
        self.assertEqual(CronTable().jobs_at("2026-12-05 12:00"), [])

    def test_jobs_at_3(self):
        for when in ["2026-12-05 12:60", "2026-12-05", "2026-02-30 12:00", "2026-12-5 12:00"]:
            with self.assertRaises(ValueError):
                CronTable().jobs_at(when)

    def test_jobs_at_4(self):
        table = table_of(zeta="* * * * *", alpha="* * * * *", mid="* * * * *")
        self.assertEqual(table.jobs_at("2026-12-05 00:00"), ["alpha", "mid", "zeta"])

    def test_jobs_at_5(self):
        table = table_of(job="0 12 * * *")
        table.add_job("job", "0 13 * * *")
        self.assertEqual(table.jobs_at("2026-12-05 12:00"), [])
        self.assertEqual(table.jobs_at("2026-12-05 13:00"), ["job"])


class CronTableTest(unittest.TestCase):
    def test_a_small_server(self):
        table = CronTable()
        self.assertIs(table.add_job("backup", "30 2 * * 0"), True)
        self.assertIs(table.add_job("rotate", "0 0 1 * *"), True)
        self.assertIs(table.add_job("report", "0 8 * * 1-5"), True)
        self.assertEqual(table.parse_field("1-5", 0, 6), table.jobs["report"][4])
        self.assertEqual(table.next_run("backup", "2026-12-05 12:00"), "2026-12-06 02:30")
        self.assertEqual(table.next_run("rotate", "2026-12-05 12:00"), "2027-01-01 00:00")
        self.assertEqual(table.runs_on("report", "2026-12-07"), ["08:00"])
        self.assertIs(table.matches("report", "2026-12-06 08:00"), False)
        self.assertEqual(table.jobs_at("2027-01-01 00:00"), ["rotate"])
        self.assertIs(table.add_job("rotate", "0 0 1 1 *"), False)
        self.assertEqual(table.next_run("rotate", "2027-01-01 00:00"), "2028-01-01 00:00")

    def test_every_minute(self):
        table = CronTable()
        table.add_job("tick", "* * * * *")
        self.assertEqual(len(table.runs_on("tick", "2026-12-05")), 1440)
        self.assertEqual(table.next_run("tick", "2026-12-31 23:59"), "2027-01-01 00:00")
        self.assertEqual(table.jobs_at("2026-12-05 07:07"), ["tick"])
