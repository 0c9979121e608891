import unittest

from solution import StorageQuota


class StorageQuotaTestParseSize(unittest.TestCase):
    def test_parse_size_1(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.parse_size("1.5 KiB"), 1536)
        self.assertEqual(quota.parse_size("2MB"), 2000000)
        self.assertEqual(quota.parse_size(" 0.001 kB "), 1)

    def test_parse_size_2(self):
        quota = StorageQuota(0)
        expected = {"1 B": 1, "1 kB": 1000, "1 MB": 10**6, "1 GB": 10**9, "1 TB": 10**12, "1 KiB": 1024,
                    "1 MiB": 1048576, "1 GiB": 1073741824, "1 TiB": 1099511627776}
        for text, size in expected.items():
            self.assertEqual(quota.parse_size(text), size, text)

    def test_parse_size_3(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.parse_size("0.5 KiB"), 512)
        self.assertEqual(quota.parse_size("1.25 MB"), 1250000)
        self.assertEqual(quota.parse_size("2.000 B"), 2)
        self.assertEqual(quota.parse_size("0 GB"), 0)

    def test_parse_size_4(self):
        quota = StorageQuota(0)
        bad = ["", "12", "1.5", "1 kb", "1 KB", "1 mib", "-1 B", ".5 kB", "1. kB", "1,5 kB", "0.5 B", "1.0001 kB",
               "1 B B", "1\tB", "B"]
        for text in bad:
            with self.assertRaises(ValueError):
                quota.parse_size(text)

    def test_parse_size_5(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.parse_size("1.5 TiB"), 1649267441664)
        self.assertEqual(quota.parse_size("  7MiB"), 7340032)
        self.assertEqual(quota.files, {})


class StorageQuotaTestFormatSize(unittest.TestCase):
    def test_format_size_1(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.format_size(1536, True), "1.5 KiB")
        self.assertEqual(quota.format_size(1536, False), "1.54 kB")
        self.assertEqual(quota.format_size(999, False), "999 B")

    def test_format_size_2(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.format_size(0, True), "0 B")
        self.assertEqual(quota.format_size(1, False), "1 B")
        self.assertEqual(quota.format_size(1023, True), "1023 B")
        self.assertEqual(quota.format_size(1024, True), "1 KiB")
        self.assertEqual(quota.format_size(1000, False), "1 kB")

    def test_format_size_3(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.format_size(1005, False), "1.01 kB")
        self.assertEqual(quota.format_size(1004, False), "1 kB")
        self.assertEqual(quota.format_size(1025, False), "1.03 kB")
        self.assertEqual(quota.format_size(1015, False), "1.02 kB")

    def test_format_size_4(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.format_size(1048575, True), "1024 KiB")
        self.assertEqual(quota.format_size(999999, False), "1000 kB")

    def test_format_size_5(self):
        with self.assertRaises(ValueError):
            StorageQuota(0).format_size(-1, True)

    def test_format_size_6(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.format_size(5 * 1000**4, False), "5 TB")
        self.assertEqual(quota.format_size(2 * 1024**5, True), "2048 TiB")
        self.assertEqual(quota.format_size(3 * 1024**3, True), "3 GiB")
        self.assertEqual(quota.format_size(2500000000, False), "2.5 GB")

    def test_format_size_7(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.format_size(1100, False), "1.1 kB")
        self.assertEqual(quota.format_size(10**7, False), "10 MB")
        self.assertEqual(quota.format_size(1010000, False), "1.01 MB")
        self.assertEqual(quota.format_size(100 * 1024, True), "100 KiB")


class StorageQuotaTestAddFile(unittest.TestCase):
    def test_add_file_1(self):
        quota = StorageQuota(2048)
        self.assertEqual(quota.add_file("a.txt", "1 KiB"), 1024)
        self.assertEqual(quota.add_file("b.txt", "1000 B"), 2024)
        self.assertEqual(quota.add_file("a.txt", "1 kB"), 2000)
        self.assertEqual(quota.files, {"a.txt": 1000, "b.txt": 1000})

    def test_add_file_2(self):
        quota = StorageQuota(100)
        quota.add_file("a", "60 B")
        with self.assertRaises(ValueError):
            quota.add_file("b", "41 B")
        self.assertEqual(quota.add_file("b", "40 B"), 100)
        self.assertEqual(quota.files, {"a": 60, "b": 40})

    def test_add_file_3(self):
        quota = StorageQuota(100)
        for name, size in [("", "1 B"), ("a", "1"), ("a", "1 XB"), ("a", "0.5 B")]:
            with self.assertRaises(ValueError):
                quota.add_file(name, size)
        self.assertEqual(quota.files, {})

    def test_add_file_4(self):
        quota = StorageQuota(100)
        quota.add_file("a", "60 B")
        self.assertEqual(quota.add_file("a", "90 B"), 90)
        with self.assertRaises(ValueError):
            quota.add_file("a", "101 B")
        self.assertEqual(quota.files, {"a": 90})

    def test_add_file_5(self):
        quota = StorageQuota(0)
        self.assertEqual(quota.add_file("empty", "0 B"), 0)
        with self.assertRaises(ValueError):
            quota.add_file("one", "1 B")
        self.assertEqual(quota.files, {"empty": 0})


class StorageQuotaTestRemoveFile(unittest.TestCase):
    def test_remove_file_1(self):
        quota = StorageQuota(100)
        quota.add_file("a", "10 B")
        self.assertIs(quota.remove_file("a"), True)
        self.assertIs(quota.remove_file("a"), False)
        self.assertEqual(quota.files, {})

    def test_remove_file_2(self):
        quota = StorageQuota(100)
        quota.add_file("a", "80 B")
        self.assertIs(quota.remove_file("a"), True)
        self.assertEqual(quota.add_file("b", "100 B"), 100)

    def test_remove_file_3(self):
        quota = StorageQuota(100)
        quota.add_file("a", "10 B")
        self.assertIs(quota.remove_file("b"), False)
        self.assertEqual(quota.files, {"a": 10})

    def test_remove_file_4(self):
        quota = StorageQuota(100)
        quota.add_file("empty", "0 B")
        self.assertIs(quota.remove_file("empty"), True)
        self.assertEqual(quota.files, {})

    def test_remove_file_5(self):
        quota = StorageQuota(100)
        quota.add_file("A", "1 B")
        quota.add_file("a", "2 B")
        self.assertIs(quota.remove_file("A"), True)
        self.assertEqual(quota.files, {"a": 2})


class StorageQuotaTestUsage(unittest.TestCase):
    def test_usage_1(self):
        quota = StorageQuota(3 * 1024**2)
        quota.add_file("video", "1.5 MiB")
        self.assertEqual(quota.usage(True), "1.5 MiB of 3 MiB (50%)")
        self.assertEqual(quota.usage(False), "1.57 MB of 3.15 MB (50%)")

    def test_usage_2(self):
        self.assertEqual(StorageQuota(1000).usage(False), "0 B of 1 kB (0%)")

    def test_usage_3(self):
        self.assertEqual(StorageQuota(0).usage(True), "0 B of 0 B (0%)")

    def test_usage_4(self):
        quota = StorageQuota(3000)
        quota.add_file("a", "1999 B")
        self.assertEqual(quota.usage(False), "2 kB of 3 kB (66%)")

    def test_usage_5(self):
        quota = StorageQuota(2048)
        quota.add_file("a", "1 KiB")
        quota.add_file("b", "1 KiB")
        self.assertEqual(quota.usage(True), "2 KiB of 2 KiB (100%)")


class StorageQuotaTestLargest(unittest.TestCase):
    def test_largest_1(self):
        quota = StorageQuota(10**6)
        for name, size in [("a", "2 KiB"), ("b", "300 B"), ("c", "2048 B")]:
            quota.add_file(name, size)
        self.assertEqual(quota.largest(2), [("a", "2 KiB"), ("c", "2 KiB")])

    def test_largest_2(self):
        quota = StorageQuota(10**6)
        quota.add_file("x", "5 B")
        self.assertEqual(quota.largest(5), [("x", "5 B")])
        self.assertEqual(StorageQuota(10).largest(1), [])

    def test_largest_3(self):
        quota = StorageQuota(10**6)
        for count in [0, -3]:
            with self.assertRaises(ValueError):
                quota.largest(count)

    def test_largest_4(self):
        quota = StorageQuota(10**6)
        quota.add_file("small", "1 B")
        quota.add_file("big", "1536 B")
        self.assertEqual(quota.largest(1), [("big", "1.5 KiB")])

    def test_largest_5(self):
        quota = StorageQuota(10**6)
        for name in ["z", "m", "a"]:
            quota.add_file(name, "7 B")
        quota.add_file("q", "8 B")
        self.assertEqual(quota.largest(3), [("q", "8 B"), ("a", "7 B"), ("m", "7 B")])


class StorageQuotaTest(unittest.TestCase):
    def test_storage_quota_1(self):
        quota = StorageQuota(10 * 1024**2)
        self.assertEqual(quota.limit, 10485760)
        self.assertEqual(quota.add_file("photo.jpg", "2.5 MiB"), 2621440)
        self.assertEqual(quota.add_file("song.mp3", "4 MB"), 6621440)
        with self.assertRaises(ValueError):
            quota.add_file("movie.mkv", "4 MiB")
        self.assertEqual(quota.usage(True), "6.31 MiB of 10 MiB (63%)")
        self.assertIs(quota.remove_file("song.mp3"), True)
        self.assertEqual(quota.add_file("movie.mkv", "4 MiB"), 6815744)
        self.assertEqual(quota.largest(2), [("movie.mkv", "4 MiB"), ("photo.jpg", "2.5 MiB")])

    def test_storage_quota_2(self):
        quota = StorageQuota(1000)
        self.assertEqual(quota.parse_size("0.5 kB"), 500)
        self.assertEqual(quota.add_file("half", "0.5 kB"), 500)
        self.assertEqual(quota.format_size(quota.files["half"], False), "500 B")
        self.assertEqual(quota.usage(False), "500 B of 1 kB (50%)")


if __name__ == "__main__":
    unittest.main()
