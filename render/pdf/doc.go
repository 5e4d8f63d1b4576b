// Package pdf writes a course's printable PDFs (worksheets, answer keys, play cards, the rules sheet, the teacher's guide, the workbook, certificates and the class checklist) from render's plain data, with the boards drawn by render/diagram in the fonts of render/fonts.
package pdf
