/*
 * floor: the speed floor for paywall-lint.
 *
 * Usage: floor PATH...
 *
 * For every PATH that is a directory, walks it recursively (in readdir
 * order, not sorted) and takes each regular file ending in .yaml, .yml or
 * .json; a PATH that is a file is taken whatever its name. Each file is read
 * whole into memory and run through libyaml's event parser
 * (yaml_parser_parse in a loop), counting events. libyaml reads JSON too: it
 * is YAML flow syntax. Single-threaded on purpose: this is the least work any
 * linter built on libyaml must do (read + parse), with nothing else.
 *
 * Prints "files=N events=M" on stdout. Exits 0 when every file parsed,
 * 1 when some file had a parse error (reported on stderr), 2 on I/O errors.
 *
 * Build: cc -O2 floor.c $(pkg-config --cflags --libs yaml-0.1) -o floor
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

static unsigned long long total_events = 0;
static unsigned long total_files = 0;
static int status = 0;

/* Reusable read buffer, grown as needed. */
static unsigned char *buffer = NULL;
static size_t capacity = 0;

static int has_lint_extension(const char *name) {
    const char *dot = strrchr(name, '.');
    return dot && (strcmp(dot, ".yaml") == 0 || strcmp(dot, ".yml") == 0 ||
                   strcmp(dot, ".json") == 0);
}

/* Reads the whole file into `buffer`; returns its length, or -1 on error. */
static long read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "floor: %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t length = 0;
    for (;;) {
        if (length == capacity) {
            capacity = capacity ? capacity * 2 : 1 << 16;
            buffer = realloc(buffer, capacity);
            if (!buffer) {
                fprintf(stderr, "floor: out of memory\n");
                exit(2);
            }
        }
        size_t n = fread(buffer + length, 1, capacity - length, f);
        length += n;
        if (n == 0) break;
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "floor: %s: read error\n", path);
        return -1;
    }
    return (long)length;
}

/* Parses one file with libyaml's event parser, adding its events to the total. */
static void parse_file(const char *path) {
    long length = read_file(path);
    if (length < 0) {
        status = 2;
        return;
    }
    yaml_parser_t parser;
    yaml_event_t event;
    if (!yaml_parser_initialize(&parser)) {
        fprintf(stderr, "floor: cannot initialise libyaml\n");
        exit(2);
    }
    yaml_parser_set_input_string(&parser, buffer, (size_t)length);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "floor: %s:%zu:%zu: %s\n", path, parser.problem_mark.line + 1,
                    parser.problem_mark.column + 1, parser.problem ? parser.problem : "parse error");
            if (status == 0) status = 1;
            break;
        }
        total_events++;
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        if (done) break;
    }
    yaml_parser_delete(&parser);
    total_files++;
}

/* Walks a directory recursively; `path` is modified in place and restored. */
static void walk(char *path, size_t length, size_t size) {
    DIR *dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "floor: %s: %s\n", path, strerror(errno));
        status = 2;
        return;
    }
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        size_t name_length = strlen(name);
        if (length + 1 + name_length + 1 > size) {
            fprintf(stderr, "floor: path too long under %s\n", path);
            status = 2;
            continue;
        }
        path[length] = '/';
        memcpy(path + length + 1, name, name_length + 1);

        int is_dir, is_file;
        if (entry->d_type == DT_DIR || entry->d_type == DT_REG) {
            is_dir = entry->d_type == DT_DIR;
            is_file = entry->d_type == DT_REG;
        } else { /* DT_UNKNOWN or a symlink: ask stat */
            struct stat st;
            if (stat(path, &st) != 0) continue;
            is_dir = S_ISDIR(st.st_mode);
            is_file = S_ISREG(st.st_mode);
        }
        if (is_dir) {
            walk(path, length + 1 + name_length, size);
        } else if (is_file && has_lint_extension(name)) {
            parse_file(path);
        }
        path[length] = '\0';
    }
    closedir(dir);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: floor PATH...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "floor: %s: %s\n", argv[i], strerror(errno));
            status = 2;
        } else if (S_ISDIR(st.st_mode)) {
            char path[4096];
            size_t length = strlen(argv[i]);
            if (length >= sizeof path) {
                fprintf(stderr, "floor: path too long: %s\n", argv[i]);
                status = 2;
                continue;
            }
            memcpy(path, argv[i], length + 1);
            while (length > 1 && path[length - 1] == '/') path[--length] = '\0';
            walk(path, length, sizeof path);
        } else {
            parse_file(argv[i]);
        }
    }
    printf("files=%lu events=%llu\n", total_files, total_events);
    free(buffer);
    return status;
}
