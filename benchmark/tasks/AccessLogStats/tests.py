import unittest

from solution import AccessLogStats


def line(host="h", time="01/Jan/2024:00:00:00 +0000", request="GET / HTTP/1.1", status=200, size="0", user="-"):
    return f'{host} - {user} [{time}] "{request}" {status} {size}'


def stats_of(*lines):
    stats = AccessLogStats()
    for text in lines:
        stats.add_line(text)
    return stats


class AccessLogStatsTestAddLine(unittest.TestCase):
    def test_add_line_1(self):
        stats = AccessLogStats()
        text = '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif?x=1 HTTP/1.0" 200 2326'
        self.assertIs(stats.add_line(text), True)
        self.assertEqual(stats.entries, [("127.0.0.1", "frank", "2000-10-10 20:55:36", "GET", "/a.gif", 200, 2326)])
        self.assertIs(stats.add_line("garbage"), False)
        self.assertEqual(stats.rejected, 1)

    def test_add_line_2(self):
        stats = AccessLogStats()
        self.assertIs(stats.add_line(line(time="10/Oct/2000:01:00:00 +0130", status=404, size="-")), True)
        self.assertEqual(stats.entries, [("h", "-", "2000-10-09 23:30:00", "GET", "/", 404, 0)])
        self.assertEqual(stats.rejected, 0)

    def test_add_line_3(self):
        stats = AccessLogStats()
        bad = [
            "garbage",
            "",
            line(time="10/oct/2000:01:00:00 +0000"),
            line(time="10/Foo/2000:01:00:00 +0000"),
            line(time="1/Oct/2000:01:00:00 +0000"),
            line(time="10/Oct/2000:01:00:00"),
            line(status=600),
            line(status=99),
            line(status="099"),
            line(size="12a"),
            'h - - [01/Jan/2024:00:00:00 +0000] GET / HTTP/1.1 200 0',
            'h - -  [01/Jan/2024:00:00:00 +0000] "GET / HTTP/1.1" 200 0',
            line(request="GET / HTTPS/1.1"),
            line(request="GET / HTTP/1"),
            line(request="GET  / HTTP/1.1"),
            line(time="31/Apr/2024:00:00:00 +0000"),
            line(time="01/Jan/2024:24:00:00 +0000"),
            line(time="29/Feb/2023:00:00:00 +0000"),
            line() + " extra",
        ]
        for text in bad:
            self.assertIs(stats.add_line(text), False)
        self.assertEqual(stats.rejected, len(bad))
        self.assertEqual(stats.entries, [])

    def test_add_line_4(self):
        stats = AccessLogStats()
        self.assertIs(stats.add_line(line(time="29/Feb/2024:12:00:00 +0000")), True)
        self.assertIs(stats.add_line("  " + line(status=100, size="7") + " \r"), True)
        self.assertIs(stats.add_line(line(status=599)), True)
        self.assertEqual(
            stats.entries,
            [
                ("h", "-", "2024-02-29 12:00:00", "GET", "/", 200, 0),
                ("h", "-", "2024-01-01 00:00:00", "GET", "/", 100, 7),
                ("h", "-", "2024-01-01 00:00:00", "GET", "/", 599, 0),
            ],
        )

    def test_add_line_5(self):
        stats = AccessLogStats()
        self.assertIs(stats.add_line(line(time="31/Dec/1999:23:59:59 -0000")), True)
        self.assertIs(stats.add_line(line(time="31/Dec/1999:23:00:00 -0200")), True)
        self.assertIs(stats.add_line(line(time="01/Mar/2024:00:15:00 +0045")), True)
        times = [entry[2] for entry in stats.entries]
        self.assertEqual(times, ["1999-12-31 23:59:59", "2000-01-01 01:00:00", "2024-02-29 23:30:00"])

    def test_add_line_6(self):
        stats = AccessLogStats()
        self.assertIs(stats.add_line(line(host="10.0.0.9", request="POST /api/v1/items?x=1&y=2?z HTTP/2.0")), True)
        self.assertIs(stats.add_line(line(request="DELETE /items/7 HTTP/1.1", user="ann")), True)
        self.assertEqual(
            stats.entries,
            [
                ("10.0.0.9", "-", "2024-01-01 00:00:00", "POST", "/api/v1/items", 200, 0),
                ("h", "ann", "2024-01-01 00:00:00", "DELETE", "/items/7", 200, 0),
            ],
        )


class AccessLogStatsTestAddText(unittest.TestCase):
    def test_add_text_1(self):
        stats = AccessLogStats()
        self.assertEqual(stats.add_text(line(size="5") + "\n\nbad line\n"), 1)
        self.assertEqual(stats.rejected, 1)
        self.assertEqual(stats.entries, [("h", "-", "2024-01-01 00:00:00", "GET", "/", 200, 5)])

    def test_add_text_2(self):
        stats = AccessLogStats()
        self.assertEqual(stats.add_text(""), 0)
        self.assertEqual(stats.add_text("\n  \n\t\n"), 0)
        self.assertEqual(stats.rejected, 0)
        self.assertEqual(stats.entries, [])

    def test_add_text_3(self):
        stats = AccessLogStats()
        text = "\n".join([line(host="a"), line(host="b"), line(host="c")])
        self.assertEqual(stats.add_text(text), 3)
        self.assertEqual([entry[0] for entry in stats.entries], ["a", "b", "c"])

    def test_add_text_4(self):
        stats = AccessLogStats()
        self.assertEqual(stats.add_text(line(host="a") + "\r\n\r\n" + line(host="b") + "\r\n"), 2)
        self.assertEqual(stats.rejected, 0)

    def test_add_text_5(self):
        stats = AccessLogStats()
        stats.add_text("x\ny")
        self.assertEqual(stats.add_text("z\n" + line()), 1)
        self.assertEqual(stats.rejected, 3)
        self.assertEqual(len(stats.entries), 1)


class AccessLogStatsTestStatusClasses(unittest.TestCase):
    def test_status_classes_1(self):
        stats = stats_of(*(line(status=status) for status in [200, 404, 204, 503]))
        self.assertEqual(stats.status_classes(), {"2xx": 2, "4xx": 1, "5xx": 1})

    def test_status_classes_2(self):
        self.assertEqual(AccessLogStats().status_classes(), {})

    def test_status_classes_3(self):
        stats = stats_of(*(line(status=status) for status in [100, 199, 299, 300, 599]))
        self.assertEqual(stats.status_classes(), {"1xx": 2, "2xx": 1, "3xx": 1, "5xx": 1})

    def test_status_classes_4(self):
        stats = stats_of(line(status=500), line(status=100))
        self.assertEqual(list(stats.status_classes().items()), [("1xx", 1), ("5xx", 1)])

    def test_status_classes_5(self):
        stats = stats_of(line(status=301), line(status=700), "junk")
        self.assertEqual(stats.status_classes(), {"3xx": 1})


class AccessLogStatsTestTopPaths(unittest.TestCase):
    def test_top_paths_1(self):
        stats = stats_of(*(line(request=f"GET {path} HTTP/1.1") for path in ["/b", "/a?x=1", "/b", "/a", "/c"]))
        self.assertEqual(stats.top_paths(2), [("/a", 2), ("/b", 2)])

    def test_top_paths_2(self):
        stats = stats_of(*(line(request=f"GET {path} HTTP/1.1") for path in ["/b", "/c", "/c"]))
        self.assertEqual(stats.top_paths(10), [("/c", 2), ("/b", 1)])
        self.assertEqual(stats.top_paths(1), [("/c", 2)])

    def test_top_paths_3(self):
        stats = stats_of(line())
        for n in [0, -1]:
            with self.assertRaises(ValueError):
                stats.top_paths(n)

    def test_top_paths_4(self):
        self.assertEqual(AccessLogStats().top_paths(3), [])

    def test_top_paths_5(self):
        paths = ["/z", "/a?x", "/a?y", "/m", "/z", "/z"]
        stats = stats_of(*(line(request=f"GET {path} HTTP/1.1") for path in paths))
        self.assertEqual(stats.top_paths(3), [("/z", 3), ("/a", 2), ("/m", 1)])


class AccessLogStatsTestBytesByHost(unittest.TestCase):
    def test_bytes_by_host_1(self):
        stats = stats_of(line(host="b", size="10"), line(host="a", status=304, size="-"), line(host="b", size="5"))
        self.assertEqual(stats.bytes_by_host(), {"a": 0, "b": 15})

    def test_bytes_by_host_2(self):
        self.assertEqual(AccessLogStats().bytes_by_host(), {})

    def test_bytes_by_host_3(self):
        stats = stats_of(line(host="z", size="1"), line(host="m", size="2"), line(host="a", size="3"))
        self.assertEqual(list(stats.bytes_by_host().items()), [("a", 3), ("m", 2), ("z", 1)])

    def test_bytes_by_host_4(self):
        stats = stats_of(line(host="a", size="4000000000"), line(host="a", size="-"), line(host="a", size="1"))
        self.assertEqual(stats.bytes_by_host(), {"a": 4000000001})

    def test_bytes_by_host_5(self):
        stats = stats_of(line(host="a", size="9"), line(host="b", size="x"))
        self.assertEqual(stats.bytes_by_host(), {"a": 9})


class AccessLogStatsTestHourly(unittest.TestCase):
    def test_hourly_1(self):
        stats = stats_of(line(time="31/Dec/2023:23:30:00 -0100"), line(time="01/Jan/2024:00:59:59 +0000"))
        self.assertEqual(stats.hourly(), {"2024-01-01 00": 2})

    def test_hourly_2(self):
        self.assertEqual(AccessLogStats().hourly(), {})

    def test_hourly_3(self):
        times = ["02/Jan/2024:10:00:00 +0000", "01/Jan/2024:11:00:00 +0000", "02/Jan/2024:09:59:59 +0000"]
        stats = stats_of(*(line(time=time) for time in times))
        self.assertEqual(list(stats.hourly().items()), [("2024-01-01 11", 1), ("2024-01-02 09", 1), ("2024-01-02 10", 1)])

    def test_hourly_4(self):
        stats = stats_of(line(time="01/Jan/2024:10:10:00 +0200"), line(time="01/Jan/2024:08:50:00 +0000"))
        self.assertEqual(stats.hourly(), {"2024-01-01 08": 2})

    def test_hourly_5(self):
        stats = stats_of(line(time="15/Jun/2024:07:00:00 -0530"), line(time="15/Jun/2024:12:29:59 +0000"))
        self.assertEqual(stats.hourly(), {"2024-06-15 12": 2})


class AccessLogStatsTest(unittest.TestCase):
    def test_access_log_stats_1(self):
        stats = AccessLogStats()
        log = "\n".join(
            [
                line(host="a", time="05/Dec/2026:08:05:00 +0100", request="GET /home HTTP/1.1", size="100"),
                line(host="b", time="05/Dec/2026:07:59:00 +0000", request="GET /home?ref=x HTTP/1.1", size="50"),
                line(host="a", time="05/Dec/2026:09:00:00 +0100", request="POST /login HTTP/1.1", status=500),
                "not a log line",
            ]
        )
        self.assertEqual(stats.add_text(log), 3)
        self.assertEqual(stats.rejected, 1)
        self.assertEqual(stats.status_classes(), {"2xx": 2, "5xx": 1})
        self.assertEqual(stats.top_paths(5), [("/home", 2), ("/login", 1)])
        self.assertEqual(stats.bytes_by_host(), {"a": 100, "b": 50})
        self.assertEqual(stats.hourly(), {"2026-12-05 07": 2, "2026-12-05 08": 1})

    def test_access_log_stats_2(self):
        stats = AccessLogStats()
        self.assertIs(stats.add_line(line(status=404)), True)
        self.assertEqual(stats.add_text(line(status=404) + "\n" + line(status=200)), 2)
        self.assertEqual(stats.status_classes(), {"2xx": 1, "4xx": 2})
        self.assertEqual(stats.top_paths(1), [("/", 3)])
        self.assertEqual(stats.hourly(), {"2024-01-01 00": 3})


if __name__ == "__main__":
    unittest.main()
